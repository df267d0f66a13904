import { z } from "zod";

// The cleaner profile's two vetting forms (docs/decisions/0042-who-is-free-for-a-job.md): the
// police check staff record, and a cleaner's time off. Shared by the forms and the server.

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string) {
  if (!CALENDAR_DATE.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

const date = (message: string) => z.string(message).trim().refine(isCalendarDate, message);

export const VETTING_TEXT = {
  checkedOn: "Enter the date of the police check",
  checkedInFuture: "The check date cannot be in the future",
  expiresOn: "Enter the date the check expires, or leave it empty",
  expiresBeforeCheck: "The expiry must be after the check date",
  checkRecorded: "Police check recorded.",
  startsOn: "Enter the first day off",
  endsOn: "Enter the last day off",
  endsBeforeStart: "The last day off cannot be before the first",
  endsInPast: "Time off must end today or later",
  tooLong: "Time off can be at most a year at a time",
  timeOffAdded: "Time off added.",
  timeOffRemoved: "Time off removed.",
  timeOffGone: "That time off was already removed.",
};

export const PoliceCheckFormSchema = z
  .object({
    checkedOn: date(VETTING_TEXT.checkedOn),
    /** Empty: the check date plus the "police check validity" setting */
    expiresOn: z
      .string()
      .trim()
      .refine((value) => value === "" || isCalendarDate(value), VETTING_TEXT.expiresOn)
      .default(""),
  })
  .refine((form) => form.expiresOn === "" || form.expiresOn > form.checkedOn, {
    path: ["expiresOn"],
    message: VETTING_TEXT.expiresBeforeCheck,
  });

export type PoliceCheckField = "checkedOn" | "expiresOn";

export const TimeOffFormSchema = z
  .object({ startsOn: date(VETTING_TEXT.startsOn), endsOn: date(VETTING_TEXT.endsOn) })
  .refine((form) => form.endsOn >= form.startsOn, {
    path: ["endsOn"],
    message: VETTING_TEXT.endsBeforeStart,
  });

export type TimeOffField = "startsOn" | "endsOn";
