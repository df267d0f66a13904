import type { Kysely } from "kysely";
import { scheduleJob } from "~/features/outbox/outbox.service.server";
import { getCardRetryHours } from "~/features/settings/card-retry-setting.service.server";
import { formatDateTime } from "~/lib/format";
import { newId } from "~/lib/ids";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database, SavedCardRow } from "~/server/database";
import { stripeClient, type PaymentsContext } from "./payment-gateway.server";
import {
  alertStaffChargeFailed,
  notifyChargeFailed,
  type NoticeConfig,
} from "./card-charge-notice.server";
import {
  findBookingById,
  recordDecline,
  type BookingForPayment,
} from "./payments.repository.server";
import { amountDueOf, pendingPaymentFor, stateOf } from "./payments.service.server";
import {
  chargeStripeOffSession,
  simulateOffSessionCharge,
  type OffSessionOutcome,
} from "./saved-card-gateway.server";
import {
  claimCharge,
  findActiveCard,
  findCardById,
  findVisitsToCharge,
  markChargeAlerted,
  settleChargeIfPending,
} from "./saved-cards.repository.server";
import {
  audit,
  PAYMENT_DECLINED,
  PAYMENT_DUPLICATE_CHARGE,
  settlePaid,
} from "./settle-payment.server";

// Charging a saved card after a series visit is completed
// (docs/decisions/0074-saved-cards-and-off-session-charges.md). Each try is a job of the outbox:
// it claims the row (booking, attempt) — unique, so two processes claim it once — calls the
// provider with the row's idempotency key, and records the answer by compare-and-set. A process
// killed between the call and the record leaves the row pending; the job's next run calls again
// with the same key and the provider answers with the first charge, never a second one.

type Db = Kysely<Database>;

export const CARD_CHARGE_TOPIC = "payments.charge_saved_card";

/** How far back a completed visit is still charged to the card. */
const CHARGE_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ChargeContext = PaymentsContext & { config: PaymentsContext["config"] & NoticeConfig };

export type ChargeResult =
  "succeeded" | "declined" | "requires_action" | "skipped" | "recorded-already";

export const chargeKeyFor = (bookingId: string, attempt: number) =>
  `offsession:${bookingId}:${attempt}`;

/**
 * Schedules the first charge of every completed series visit with a saved card and nothing paid
 * (of one job when `quoteId` is given). Safe to repeat: a visit with a charge row is not picked,
 * and a job scheduled twice claims its row once.
 */
export async function queueVisitCharges(
  db: Db,
  input: { now: Date; quoteId?: string; limit?: number },
) {
  const bookingIds = await findVisitsToCharge(db, {
    today: sydneyDate(input.now),
    // A card saved today does not reach back to visits done long ago: those were settled by link.
    completedSince: new Date(input.now.getTime() - CHARGE_WINDOW_DAYS * DAY_MS).toISOString(),
    quoteId: input.quoteId,
    limit: input.limit ?? 200,
  });
  for (const bookingId of bookingIds) {
    await scheduleJob(db, {
      topic: CARD_CHARGE_TOPIC,
      dueAt: input.now,
      payload: { bookingId, attempt: 1 },
      subjectType: "booking",
      subjectId: bookingId,
    });
  }
  return bookingIds.length;
}

/** The card a try charges: the one its row claimed, or the customer's card for a new row. */
async function cardFor(db: Db, booking: BookingForPayment, attempt: number, now: Date) {
  const card = booking.customerId ? await findActiveCard(db, booking.customerId) : null;
  if (!card) return null;
  const amountCents = amountDueOf(booking);
  const at = now.toISOString();
  const row = await claimCharge(db, {
    id: newId(),
    booking_id: booking.id,
    attempt,
    saved_card_id: card.id,
    amount_cents: amountCents,
    idempotency_key: chargeKeyFor(booking.id, attempt),
    status: "pending",
    provider_reference: null,
    failure_code: null,
    alerted_at: null,
    created_at: at,
    updated_at: at,
  });
  if (row.status !== "pending") return { row, card: null };
  // A crash after the claim: the same row, with the card it claimed (unless removed since).
  const claimed = row.saved_card_id === card.id ? card : await findCardById(db, row.saved_card_id);
  return { row, card: claimed?.removed_at ? null : claimed };
}

async function callProvider(
  card: SavedCardRow,
  charge: { amountCents: number; key: string; reference: string },
  ctx: ChargeContext,
): Promise<OffSessionOutcome> {
  if (card.provider === "test") return simulateOffSessionCharge(card.payment_method_id, charge.key);
  const stripe = stripeClient(ctx);
  if (!stripe || !card.provider_customer_id) {
    throw new Error("A Stripe card cannot be charged while Stripe is not configured");
  }
  return chargeStripeOffSession(stripe, {
    amountCents: charge.amountCents,
    stripeCustomerId: card.provider_customer_id,
    paymentMethodId: card.payment_method_id,
    idempotencyKey: charge.key,
    bookingReference: charge.reference,
  });
}

/**
 * One try at charging a completed visit's saved card. Never charges a booking that is not
 * completed, is paid or refunded, or whose customer has no card (then the visit is paid by link,
 * as before). Throws only when the provider cannot be reached: the outbox tries the job again.
 */
export async function chargeVisit(
  db: Db,
  input: { bookingId: string; attempt: number },
  ctx: ChargeContext,
  now = new Date(),
): Promise<ChargeResult> {
  const booking = await findBookingById(db, input.bookingId);
  if (!booking || booking.status !== "completed") return "skipped";
  if ((await stateOf(db, booking)) !== "payable") return "skipped";
  const claimed = await cardFor(db, booking, input.attempt, now);
  if (!claimed) return "skipped";
  const { row, card } = claimed;
  if (row.status !== "pending") return "recorded-already";
  if (!card) {
    await settleChargeIfPending(db, {
      id: row.id,
      status: "skipped",
      reference: null,
      code: "card_removed",
      at: now.toISOString(),
    });
    return "skipped";
  }
  const provider = card.provider === "stripe" ? "stripe" : "test";
  const payment = await pendingPaymentFor(db, booking, provider, now);
  const outcome = await callProvider(
    card,
    { amountCents: row.amount_cents, key: row.idempotency_key, reference: booking.reference },
    ctx,
  );
  return recordOutcome(db, { booking, row, paymentId: payment.id, provider, outcome }, ctx, now);
}

type Recording = {
  booking: BookingForPayment;
  row: { id: string; attempt: number; amount_cents: number };
  paymentId: string;
  provider: "test" | "stripe";
  outcome: OffSessionOutcome;
};

/** The provider's answer, recorded once with all that follows from it, in one transaction. */
async function recordOutcome(db: Db, input: Recording, ctx: ChargeContext, now: Date) {
  const { booking, row, outcome } = input;
  const at = now.toISOString();
  const system = { type: "system" as const, id: null };
  return db.transaction().execute(async (trx): Promise<ChargeResult> => {
    const moved = await settleChargeIfPending(trx, {
      id: row.id,
      status: outcome.kind,
      reference: outcome.kind === "succeeded" ? outcome.reference : null,
      code: outcome.kind === "succeeded" ? null : outcome.code,
      at,
    });
    if (!moved) return "recorded-already";
    if (outcome.kind === "succeeded") {
      const settled = await settlePaid(trx, {
        paymentId: input.paymentId,
        booking,
        provider: input.provider,
        providerReference: outcome.reference,
        actor: system,
        at: now,
        publicUrl: ctx.config.publicUrl,
      });
      // Paid another way (or cancelled) while the card was being charged: staff refund this one.
      if (settled !== "paid") {
        await audit(trx, system, {
          action: PAYMENT_DUPLICATE_CHARGE,
          subjectType: "payment",
          subjectId: input.paymentId,
          details: { charge: outcome.reference, booking: booking.reference, offSession: true },
          at,
        });
      }
      return "succeeded";
    }
    await recordDecline(trx, input.paymentId, outcome.code, at);
    await audit(trx, system, {
      action: PAYMENT_DECLINED,
      subjectType: "payment",
      subjectId: input.paymentId,
      details: {
        provider: input.provider,
        code: outcome.code,
        booking: booking.reference,
        offSession: true,
        attempt: row.attempt,
      },
      at,
    });
    const retryAt = await scheduleRetry(trx, { booking, row, outcome }, now);
    await notifyChargeFailed(
      trx,
      {
        booking,
        amountCents: row.amount_cents,
        kind: outcome.kind,
        retryLabel: retryAt ? formatDateTime(retryAt) : null,
        chargeId: row.id,
      },
      ctx.config,
      now,
    );
    if (!retryAt) {
      // The last try: the business follows it up (Finance and the lead list it until paid).
      await markChargeAlerted(trx, row.id, at);
      const tries = { tries: row.attempt, code: outcome.code, amountCents: row.amount_cents };
      await alertStaffChargeFailed(trx, { booking, ...tries }, ctx.config);
    }
    return outcome.kind;
  });
}

/**
 * A declined card is tried again on the schedule staff set (hours after each failed try, 24 then
 * 72 unless changed); a card that needs its holder is not.
 */
async function scheduleRetry(
  trx: Db,
  input: Pick<Recording, "booking" | "row" | "outcome">,
  now: Date,
) {
  const hours = (await getCardRetryHours(trx))[input.row.attempt - 1];
  if (input.outcome.kind !== "declined" || hours === undefined) return null;
  const dueAt = new Date(now.getTime() + hours * 60 * 60 * 1000);
  await scheduleJob(trx, {
    topic: CARD_CHARGE_TOPIC,
    dueAt,
    payload: { bookingId: input.booking.id, attempt: input.row.attempt + 1 },
    subjectType: "booking",
    subjectId: input.booking.id,
  });
  return dueAt;
}
