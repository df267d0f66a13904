// The rule moved to the one availability feature (docs/decisions/0060-crews-and-cleaner-holds.md);
// this keeps the assignments feature's imports working.
export {
  FREE_TEXT,
  jobSpan,
  parseWorkingHours,
  whyNotFree,
  type CleanerDay,
  type JobWhen,
} from "~/features/availability/why-not-free";
