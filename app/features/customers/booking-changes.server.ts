import type { Kysely } from "kysely";
import { rescheduleBooking } from "~/features/bookings/booking-changes.service.server";
import { cancelBookingWithRefund } from "~/features/bookings/staff-booking-actions.service.server";
import type { PaymentsContext } from "~/features/payments/payments.service.server";
import { failure, type Result } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";

// My Bookings hands a change to the booking feature here, after it has checked the input, the
// 24-hour rule and that the booking is the customer's own. The booking feature moves the booking,
// the slot's places, the quote and the cleaner's offer (docs/decisions/0027-lead-lifecycle.md) and
// sends the booking webhook and email; a paid booking is then refunded through the provider that
// took the payment (docs/decisions/0007-payments-through-a-provider.md).

/** Done, or the booking feature's refusal as it gave it (a field's message beside the field). */
export type BookingChangeOutcome = Result<object, "date" | "timeSlot">;

export type BookingChangeContext = {
  config: Pick<AppConfig, "publicUrl"> & PaymentsContext["config"];
  ip?: string | null;
  now?: Date;
};

export async function rescheduleBookingForCustomer(
  db: Kysely<Database>,
  input: { bookingId: string; customerId: string; date: string; timeSlot: string },
  ctx: BookingChangeContext,
): Promise<BookingChangeOutcome> {
  const result = await rescheduleBooking(
    db,
    {
      bookingId: input.bookingId,
      date: input.date,
      timeSlot: input.timeSlot,
      actor: { kind: "customer", customerId: input.customerId },
    },
    { publicUrl: ctx.config.publicUrl, ip: ctx.ip, now: ctx.now },
  );
  // A date or time outside opening hours is answered beside its field.
  return result.ok ? { ok: true } : failure(result.kind, result.message, result.fieldErrors);
}

export async function cancelBookingForCustomer(
  db: Kysely<Database>,
  input: { bookingId: string; customerId: string },
  ctx: BookingChangeContext,
): Promise<BookingChangeOutcome> {
  const result = await cancelBookingWithRefund(
    db,
    {
      bookingId: input.bookingId,
      actor: { kind: "customer", customerId: input.customerId },
      refund: true,
      ip: ctx.ip,
    },
    { config: ctx.config, publicUrl: ctx.config.publicUrl, ip: ctx.ip, now: ctx.now },
  );
  return result.ok ? { ok: true } : failure(result.kind, result.message);
}
