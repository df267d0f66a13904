import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, isSingleLine } from "~/lib/field-rules";
import { BOOKING_MESSAGES as M } from "./booking-messages";
import { isCalendarDate, isTimeSlot, type TimeSlot } from "./booking-rules";

// The booking form (docs/product/public-site.md#booking-page): date, time slot and service
// address, all required (docs/product/public-site.md#validation-rules "Booking"). The browser
// checks with it; the server parses it again and adds the checks that need the clock and the
// database (tomorrow or later, a free place in the slot).

const line = (required: string, max: number) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, M.tooLong)
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

export const BookingFormSchema = z.object({
  date: z
    .string(M.dateRequired)
    .trim()
    .min(1, M.dateRequired)
    .refine(isCalendarDate, M.dateRequired),
  timeSlot: z
    .string(M.timeRequired)
    .refine(isTimeSlot, M.timeRequired)
    .transform((value) => value as TimeSlot),
  address: line(M.addressRequired, 200),
  suburb: line(M.suburbRequired, 120),
});

export type BookingForm = z.output<typeof BookingFormSchema>;
export type BookingField = keyof z.input<typeof BookingFormSchema>;

/** "Bondi Beach NSW 2026" (how the quote's suburb field writes it) -> name and postcode. */
export function splitSuburb(text: string): { name: string; postcode: string | null } {
  const match = /^(.*?)[\s,]+(?:NSW[\s,]+)?(\d{4})$/i.exec(text.trim());
  if (!match) return { name: text.trim(), postcode: null };
  return { name: match[1]!.replace(/[\s,]+$/, "").trim(), postcode: match[2]! };
}
