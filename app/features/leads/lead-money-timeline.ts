import { z } from "zod";
import { HOLD_RELEASED, PAY_ON_THE_DAY } from "~/features/bookings/unpaid-holds.service.server";
import {
  PAYMENT_DECLINED,
  PAYMENT_DUPLICATE_CHARGE,
  PAYMENT_PAID,
  PAYMENT_REFUNDED,
} from "~/features/payments/payments.service.server";
import { jsonColumnOr } from "~/lib/json-column";
import { formatMoney, formatShortDate, formatTimeSlot } from "~/lib/format";

// What the lead's timeline says about the audit entries of its bookings and payments
// (docs/decisions/0054-tax-invoice-receipts-and-one-price.md): they are read where the payment,
// refund or hold release wrote them, not copied onto the quote. A booking's own reschedule and
// cancel entries are left out: those changes also write a lead entry (job-timeline.ts).

export type BookingOnTimeline = { reference: string; scheduled_date: string; time_slot: string };

export type MoneyEvent = { title: string; detail?: string; problem?: boolean };

const Details = z
  .object({
    provider: z.string(),
    amountCents: z.number().nullable(),
    refundedCents: z.number(),
    to: z.string(),
    reason: z.string().nullable(),
  })
  .partial();

const PROVIDER_NAMES: Record<string, string> = {
  stripe: "card, through Stripe",
  test: "test card",
  manual: "recorded by staff",
};

/** " of $450.00", or nothing when the entry has no amount */
const of = (cents: number | null | undefined) => (cents == null ? "" : ` of ${formatMoney(cents)}`);

function paymentEvent(
  action: string,
  entry: { actor_type: string; details: z.infer<typeof Details> },
): MoneyEvent | null {
  const { provider, amountCents, refundedCents, to, reason } = entry.details;
  switch (action) {
    case PAYMENT_PAID:
      // Mark paid (payments.md "off"): staff record money that arrived outside the site.
      return entry.actor_type === "staff" || provider === "manual"
        ? { title: `Payment${of(amountCents)} marked paid by staff` }
        : {
            title: `Payment${of(amountCents)} received`,
            detail: provider ? `Paid by ${PROVIDER_NAMES[provider] ?? provider}` : undefined,
          };
    case PAYMENT_REFUNDED: {
      const before = (refundedCents ?? 0) - (amountCents ?? 0);
      const full = to === "refunded" && before <= 0;
      const rest = to === "refunded" && before > 0 ? ", the rest of the payment" : "";
      return {
        title: `Refund${of(amountCents)} (${full ? "full" : `partial${rest}`})`,
        detail: reason ? `Reason: ${reason}` : undefined,
      };
    }
    case PAYMENT_DECLINED:
      return { title: "Card payment declined" };
    case PAYMENT_DUPLICATE_CHARGE:
      return {
        title: `Charged twice through Stripe: a second payment${of(amountCents)}`,
        detail: "Refund the second charge in Stripe.",
        problem: true,
      };
    default:
      return null;
  }
}

function bookingEvent(action: string, booking: BookingOnTimeline | undefined): MoneyEvent | null {
  const which = booking ? `booking ${booking.reference}` : "the booking";
  switch (action) {
    case HOLD_RELEASED:
      // A released booking is cancelled, so it can no longer move: its day is the one released.
      return {
        title: `Unpaid hold released: ${which}${booking ? ` for ${formatShortDate(booking.scheduled_date)} at ${formatTimeSlot(booking.time_slot)}` : ""} cancelled`,
      };
    case PAY_ON_THE_DAY:
      // No day here: the booking may have moved since.
      return { title: `Staff confirmed ${which} is paid on the day` };
    default:
      return null;
  }
}

/** The timeline's line for a booking's or payment's audit entry; null for one it does not show. */
export function moneyEvent(
  entry: {
    action: string;
    actor_type: string;
    subject_type: string | null;
    subject_id: string | null;
    details: string | null;
  },
  bookings: ReadonlyMap<string, BookingOnTimeline>,
): MoneyEvent | null {
  if (entry.subject_type === "payment") {
    const details = jsonColumnOr(Details, entry.details, {});
    return paymentEvent(entry.action, { actor_type: entry.actor_type, details });
  }
  if (entry.subject_type === "booking") {
    return bookingEvent(entry.action, bookings.get(entry.subject_id ?? ""));
  }
  return null;
}
