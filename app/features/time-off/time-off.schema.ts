import { z } from "zod";
import { formList } from "~/lib/forms";
import { CLEANER_DAY_OPTIONS } from "~/features/cleaners/cleaner-admin-copy";
import { TimeOffFormSchema } from "~/features/cleaners/vetting.schema";

// The cleaner's availability forms (docs/decisions/0070-cleaner-time-off-and-working-pattern.md):
// a time-off request (the same dates and rules as staff's form on the profile) and the working
// pattern, the days from the profile's list and the hours as two clock times. Client-safe.

export const TimeOffRequestSchema = TimeOffFormSchema;

export const WORKING_PATTERN_TEXT = {
  days: "Choose the days you work",
  startsAt: "Enter the time you start",
  endsAt: "Enter the time you finish",
  endsBeforeStart: "Finish after you start",
};

const clock = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

export const WorkingPatternSchema = z
  .object({
    // One ticked box arrives as a string, none as nothing.
    days: z.preprocess(
      formList,
      z
        .array(z.enum(CLEANER_DAY_OPTIONS, WORKING_PATTERN_TEXT.days), WORKING_PATTERN_TEXT.days)
        .min(1, WORKING_PATTERN_TEXT.days)
        .transform((days) => CLEANER_DAY_OPTIONS.filter((day) => days.includes(day))),
    ),
    startsAt: clock(WORKING_PATTERN_TEXT.startsAt),
    endsAt: clock(WORKING_PATTERN_TEXT.endsAt),
  })
  .refine((form) => form.endsAt > form.startsAt, {
    path: ["endsAt"],
    message: WORKING_PATTERN_TEXT.endsBeforeStart,
  });

export type WorkingPatternField = "days" | "startsAt" | "endsAt";

/** "08:00-16:00", the form the availability model reads (why-not-free.ts parseWorkingHours). */
export function workingHoursText(startsAt: string, endsAt: string) {
  return `${startsAt}-${endsAt}`;
}
