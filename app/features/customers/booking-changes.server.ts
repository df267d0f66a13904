import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

// The adapter between My Bookings and the booking feature's change services. The booking helper
// builds rescheduleBooking / cancelBooking (app/features/bookings/, issue 14: lifecycle table of
// docs/decisions/0027-lead-lifecycle.md, booking webhook status rescheduled or cancelled, refund
// through the payment provider). They are not in this branch yet, so both functions answer
// "not available" and change nothing; the lead wires them here at merge. My Bookings has
// already checked the input, the 24-hour rule and that the booking is the customer's own.

export type BookingChangeOutcome =
  { ok: true } | { ok: false; code: "not-available" | "refused"; message: string };

export const CHANGES_NOT_AVAILABLE =
  "Online changes are not available yet. Please call us and we will reschedule or cancel it for you.";

export async function rescheduleBookingForCustomer(
  _db: Kysely<Database>,
  _input: { bookingId: string; customerId: string; date: string; timeSlot: string },
): Promise<BookingChangeOutcome> {
  return { ok: false, code: "not-available", message: CHANGES_NOT_AVAILABLE };
}

export async function cancelBookingForCustomer(
  _db: Kysely<Database>,
  _input: { bookingId: string; customerId: string },
): Promise<BookingChangeOutcome> {
  return { ok: false, code: "not-available", message: CHANGES_NOT_AVAILABLE };
}
