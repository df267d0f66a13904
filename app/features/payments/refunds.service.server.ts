import type { Kysely } from "kysely";
import { failure, fieldFailure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import {
  refundCheckoutSession,
  simulateRefund,
  stripeClient,
  type PaymentsContext,
} from "./payment-gateway.server";
import { findBookingById, findBookingPaymentIn } from "./payments.repository.server";
import { REFUND_TEXT } from "./refund-text";
import { settleRefund, type PaymentActor } from "./settle-payment.server";

// Refunds (docs/decisions/0007-payments-through-a-provider.md,
// docs/decisions/0043-payouts-and-refunds.md): all or part of a booking's payment goes back
// through the provider that took it, never more than was paid less what was refunded already.

type Db = Kysely<Database>;

/** Refunded, or refused: an amount above what is left, or a partial one without a reason, beside its field. */
export type RefundResult = Result<object, "amount" | "reason">;

type RefundPayment = NonNullable<Awaited<ReturnType<typeof findBookingPaymentIn>>>;

/**
 * The provider's refund of `amountCents` (a Stripe refund, the simulated one, or nothing to call
 * for a manual payment). The idempotency key names the payment and what was refunded before, so
 * a repeated request is one refund at the provider and a later partial refund is another.
 */
async function refundAtProvider(payment: RefundPayment, amountCents: number, ctx: PaymentsContext) {
  const idempotencyKey = `refund-${payment.id}-${payment.refunded_cents}-${amountCents}`;
  if (payment.provider === "stripe") {
    const stripe = stripeClient(ctx);
    if (!stripe || !payment.provider_reference) {
      throw new Error(`Payment ${payment.id} was taken by Stripe, which is not configured`);
    }
    const refund = { amountCents, idempotencyKey };
    return (await refundCheckoutSession(stripe, payment.provider_reference, refund)).refundId;
  }
  return payment.provider === "test" ? simulateRefund(idempotencyKey).refundId : null;
}

/**
 * Refunds `amountCents` of a booking's paid payment (all that is left when not given) through
 * the provider that took it: one refund ledger line and an audit entry with the reason; the
 * payment is refunded once all of it is, and stays paid until then. More than is left is refused
 * with what is left, and a partial refund needs a reason. Calling it again, or twice at once, refunds once (the provider's
 * idempotency key and the compare-and-set on what was refunded). A form passes
 * `expectedRefundableCents`, what was left when the staff member chose the amount: a second
 * press that arrives after the first has landed then finds less left and is answered "changed",
 * instead of refunding the same part twice (a `conflict`). Rewards points follow by themselves, since they are
 * derived from what is paid and not refunded (paidDollarsForCustomer).
 */
export async function refundBookingPayment(
  db: Db,
  input: {
    bookingId: string;
    actor: PaymentActor;
    amountCents?: number;
    reason?: string | null;
    expectedRefundableCents?: number;
  },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<RefundResult> {
  const booking = await findBookingById(db, input.bookingId);
  if (!booking) return failure("not_found", REFUND_TEXT.notFound);
  const payment = await findBookingPaymentIn(db, booking.id, ["paid", "refunded"]);
  if (!payment) return failure("conflict", REFUND_TEXT.notPaid);
  const refundableCents = payment.amount_cents - payment.refunded_cents;
  if (payment.status === "refunded" || refundableCents <= 0) {
    return failure("conflict", REFUND_TEXT.alreadyRefunded);
  }
  const expected = input.expectedRefundableCents;
  if (expected !== undefined && expected !== refundableCents) {
    return failure("conflict", REFUND_TEXT.changed);
  }
  const amountCents = input.amountCents ?? refundableCents;
  if (amountCents > refundableCents) {
    return fieldFailure("invalid", "amount", REFUND_TEXT.tooMuch(refundableCents));
  }
  if (amountCents < refundableCents && !input.reason) {
    return fieldFailure("invalid", "reason", REFUND_TEXT.reasonNeeded);
  }

  const refundReference = await refundAtProvider(payment, amountCents, ctx);
  const moved = await db.transaction().execute((trx) =>
    settleRefund(trx, {
      paymentId: payment.id,
      booking,
      refundReference,
      amountCents,
      fromCents: payment.refunded_cents,
      reason: input.reason ?? null,
      actor: input.actor,
      at: now,
    }),
  );
  return moved ? { ok: true } : failure("conflict", REFUND_TEXT.alreadyRefunded);
}
