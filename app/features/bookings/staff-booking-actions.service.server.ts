import type { Kysely } from "kysely";
import { type PaymentsContext } from "~/features/payments/payments.service.server";
import { refundBookingPayment } from "~/features/payments/refunds.service.server";
import type { Database } from "~/server/database";
import {
  cancelBooking,
  rescheduleBooking,
  type BookingActor,
} from "./booking-changes.service.server";
import type { BookingContext } from "./booking-model.server";

// What staff do to a booking on a customer's behalf (docs/product/bookings.md#bookings, "Staff side"; the
// buttons live in the leads screen's quote details). Each step is audited by the function it
// calls and respects the slot's capacity. Refunds are owner-only: the route checks refunds.issue
// before it passes `refund: true`.

export type StaffBookingContext = BookingContext & PaymentsContext;

/**
 * Cancels a booking (the booking function's rules for `actor`); a paid one is then refunded
 * through the provider that took it when `refund` is set. The one way a cancel meets a refund,
 * for My Bookings (always refunded) and for staff (refund only when asked).
 */
export async function cancelBookingWithRefund(
  db: Kysely<Database>,
  input: { bookingId: string; actor: BookingActor; refund: boolean; ip?: string | null },
  ctx: StaffBookingContext,
) {
  const result = await cancelBooking(
    db,
    { bookingId: input.bookingId, actor: input.actor, refund: input.refund },
    ctx,
  );
  if (!result.ok) return result;
  if (!input.refund || !result.paymentToRefund) return { ...result, refunded: false };
  const actor =
    input.actor.kind === "customer"
      ? { type: "customer" as const, id: input.actor.customerId, ip: input.ip }
      : { type: "staff" as const, id: input.actor.staffUserId, ip: input.ip };
  const refund = await refundBookingPayment(
    db,
    { bookingId: input.bookingId, actor },
    ctx,
    ctx.now,
  );
  return { ...result, refunded: refund.ok };
}

/** Cancels a booking at any time; a paid one is refunded through its provider when asked. */
export async function cancelBookingAsStaff(
  db: Kysely<Database>,
  input: { bookingId: string; staffUserId: string; refund: boolean; ip?: string | null },
  ctx: StaffBookingContext,
) {
  return cancelBookingWithRefund(
    db,
    {
      bookingId: input.bookingId,
      actor: { kind: "staff", staffUserId: input.staffUserId },
      refund: input.refund,
      ip: input.ip,
    },
    ctx,
  );
}

/** Moves a booking to another date and slot at any time, if that slot has a place. */
export async function rescheduleBookingAsStaff(
  db: Kysely<Database>,
  input: { bookingId: string; staffUserId: string; date: string; timeSlot: string },
  ctx: BookingContext,
) {
  return rescheduleBooking(
    db,
    {
      bookingId: input.bookingId,
      date: input.date,
      timeSlot: input.timeSlot,
      actor: { kind: "staff", staffUserId: input.staffUserId },
    },
    ctx,
  );
}
