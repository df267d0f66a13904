import type { Kysely } from "kysely";
import {
  refundBookingPayment,
  type PaymentsContext,
} from "~/features/payments/payments.service.server";
import type { Database } from "~/server/database";
import { cancelBooking, rescheduleBooking } from "./booking-changes.service.server";
import type { BookingContext } from "./booking-model.server";

// What staff do to a booking on a customer's behalf (issue 14, "Staff side of a booking"; the
// buttons live in the leads screen's quote details). Each step is audited by the function it
// calls and respects the slot's capacity. Refunds are owner-only: the route checks refunds.issue
// before it passes `refund: true`.

export type StaffBookingContext = BookingContext & PaymentsContext;

/** Cancels a booking at any time; a paid one is refunded through its provider when asked. */
export async function cancelBookingAsStaff(
  db: Kysely<Database>,
  input: { bookingId: string; staffUserId: string; refund: boolean; ip?: string | null },
  ctx: StaffBookingContext,
) {
  const result = await cancelBooking(
    db,
    { bookingId: input.bookingId, actor: { kind: "staff", staffUserId: input.staffUserId } },
    ctx,
  );
  if (!result.ok) return result;
  if (!input.refund || !result.paymentToRefund) return { ...result, refunded: false };
  const refund = await refundBookingPayment(
    db,
    {
      bookingId: input.bookingId,
      actor: { type: "staff", id: input.staffUserId, ip: input.ip },
    },
    ctx,
    ctx.now,
  );
  return { ...result, refunded: refund === "refunded" };
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
