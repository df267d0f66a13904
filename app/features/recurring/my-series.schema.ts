import { z } from "zod";
import { isCalendarDate, isTimeSlot } from "~/features/bookings/booking-rules";
import { CONTROL_CHARACTER_MESSAGE, isSingleLine } from "~/lib/field-rules";
import { FREQUENCIES } from "./frequencies";
import { SERIES_MESSAGES as M } from "./recurring-messages";

// The forms of a customer's regular cleans (docs/decisions/0073-series-occurrences-are-bookings.md):
// one schema per intent, checked again on the server with the rules that need the clock.

const id = z.string().trim().min(1).max(64);

export const SkipVisitSchema = z.object({ intent: z.literal("skip"), occurrenceId: id });
export const CancelSeriesSchema = z.object({ intent: z.literal("cancel"), seriesId: id });
export const PauseSeriesSchema = z.object({
  intent: z.literal("pause"),
  seriesId: id,
  until: z
    .string()
    .trim()
    .min(1, M.pauseUntilRequired)
    .refine(isCalendarDate, M.pauseUntilRequired),
});
export const ChangeFutureSchema = z.object({
  intent: z.literal("change"),
  seriesId: id,
  startsOn: z.string().trim().min(1, M.startRequired).refine(isCalendarDate, M.startRequired),
  timeSlot: z.string().refine(isTimeSlot, "Please choose a time slot."),
  frequency: z.enum(
    FREQUENCIES.filter((f) => f !== "one_off") as ["weekly", "fortnightly", "every_4_weeks"],
    M.frequencyRequired,
  ),
  address: z
    .string()
    .trim()
    .min(5, "Please enter the service address.")
    .max(200, "Please keep this shorter.")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
});

/** Moves one visit (staff; a customer moves a visit from My Bookings). */
export const RescheduleVisitSchema = z.object({
  intent: z.literal("reschedule"),
  occurrenceId: id,
  date: z.string().trim().min(1, M.dateRequired).refine(isCalendarDate, M.dateRequired),
  timeSlot: z.string().refine(isTimeSlot, "Please choose a time slot."),
});

export const SeriesChangeSchema = z.discriminatedUnion("intent", [
  SkipVisitSchema,
  RescheduleVisitSchema,
  CancelSeriesSchema,
  PauseSeriesSchema,
  ChangeFutureSchema,
]);
export type SeriesChangeInput = z.infer<typeof SeriesChangeSchema>;
