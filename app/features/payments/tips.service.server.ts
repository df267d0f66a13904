import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { recordTransaction } from "~/features/ledger/ledger.server";
import { formatLongDate } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, fieldFailure, type Result } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import {
  createTipCheckoutSession,
  simulateCharge,
  stripeClient,
  type PaymentsContext,
} from "./payment-gateway.server";
import { serviceName } from "./payment-copy";
import { audit, type PaymentActor } from "./settle-payment.server";
import type { TestCardToken } from "./test-cards";
import { splitTip } from "./tip-split";
import {
  findBookingForTip,
  findBookingReference,
  findTip,
  insertTip,
  insertTipShares,
  listCrewOfBooking,
  listTipSharesOfCleaner,
  listTipsOfBookings,
  markTipPaidIfPending,
  recordTipDecline,
  setTipProvider,
  sumTipSharesOfBookings,
} from "./tips.repository.server";
import { TIP_TEXT, TipAmountSchema } from "./tips.schema";

// Tips (docs/decisions/0078-tips-go-to-the-crew.md): after a completed clean its customer adds a
// tip by card, through the same provider as payments. A paid tip is shared among the crew's seats
// (tip-split.ts) in the transaction that marks it paid, with its ledger line (type tip, never
// revenue) and an audit entry. The booking's unguessable reference is the key, as on /payment.

type Db = Kysely<Database>;

export const TIP_PAID = "tip.paid";
export const TIP_DECLINED = "tip.declined";

const MAX_REFERENCE_LENGTH = 64;

async function tippableBooking(db: Db, reference: string | null) {
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) return null;
  return (await findBookingForTip(db, reference)) ?? null;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export type TipPage = {
  reference: string;
  service: string;
  dateLabel: string;
  /** open: a tip can be added; otherwise why not */
  state: "open" | "not-completed" | "no-crew";
  mode: PaymentsContext["config"]["paymentsMode"];
  /** The crew's first names, seat 1 first */
  crew: string[];
  paidCents: number[];
  /** The tip `?tip=` names, while it waits for payment */
  pending: { id: string; amountCents: number } | null;
};

/** The tip page of the booking `reference` names; null for no such booking (404). */
export async function findTipPage(
  db: Db,
  input: { reference: string | null; tipId: string | null },
  ctx: PaymentsContext,
): Promise<TipPage | null> {
  const booking = await tippableBooking(db, input.reference);
  if (!booking) return null;
  const [crew, tips] = await Promise.all([
    listCrewOfBooking(db, booking.id),
    listTipsOfBookings(db, [booking.id]),
  ]);
  const pending = tips.find((tip) => tip.id === input.tipId && tip.status === "pending");
  return {
    reference: booking.reference,
    service: serviceName(booking.service_type, null),
    dateLabel: formatLongDate(booking.scheduled_date),
    state:
      booking.status !== "completed" ? "not-completed" : crew.length === 0 ? "no-crew" : "open",
    mode: ctx.config.paymentsMode,
    crew: crew.map((seat) => firstName(seat.name)),
    paidCents: tips.filter((tip) => tip.status === "paid").map((tip) => Number(tip.amount_cents)),
    pending: pending ? { id: pending.id, amountCents: Number(pending.amount_cents) } : null,
  };
}

/**
 * The amount chosen: a pending tip for the booking, to pay next. Refused for a booking not
 * completed or without a crew to share it, and for an amount outside the limits.
 */
export async function chooseTip(
  db: Db,
  input: { reference: string | null; form: FormData },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<Result<{ tipId: string; reference: string }, "choice" | "other">> {
  const booking = await tippableBooking(db, input.reference);
  if (!booking) return failure("not_found", TIP_TEXT.notFound);
  const parsed = parseForm(input.form, TipAmountSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? TIP_TEXT.amountRequired;
    return failure("malformed", message, parsed.fieldErrors);
  }
  if (booking.status !== "completed") return failure("conflict", TIP_TEXT.notCompleted);
  if ((await listCrewOfBooking(db, booking.id)).length === 0) {
    return failure("conflict", TIP_TEXT.noCrew);
  }
  if (ctx.config.paymentsMode === "off") {
    return fieldFailure("unavailable", "choice", TIP_TEXT.unavailable);
  }
  const at = now.toISOString();
  const tipId = newId();
  await insertTip(db, {
    id: tipId,
    booking_id: booking.id,
    amount_cents: parsed.value.amountCents,
    provider: ctx.config.paymentsMode === "stripe" ? "stripe" : "test",
    provider_reference: null,
    status: "pending",
    failure_reason: null,
    created_at: at,
    updated_at: at,
    paid_at: null,
  });
  return { ok: true, tipId, reference: booking.reference };
}

export type TipPayResult =
  | { kind: "paid" }
  | { kind: "redirect"; url: string }
  | { kind: "declined"; message: string }
  | { kind: "not-found" }
  | { kind: "unavailable" };

/** The pending tip `tipId` of the booking `reference`, or null. */
async function pendingTipOf(db: Db, reference: string | null, tipId: string) {
  const booking = await tippableBooking(db, reference);
  const tip = booking ? await findTip(db, tipId) : undefined;
  if (!booking || !tip || tip.booking_id !== booking.id) return null;
  return { booking, tip };
}

/**
 * Marks the tip paid once and shares it among the booking's crew, with its ledger line and audit
 * entry, in the caller's transaction. A tip already paid changes nothing.
 */
async function settleTip(
  trx: Db,
  input: {
    tipId: string;
    provider: "test" | "stripe";
    reference: string;
    actor: PaymentActor;
    at: Date;
  },
) {
  const tip = await findTip(trx, input.tipId);
  if (!tip) return false;
  const at = input.at.toISOString();
  const paid = await markTipPaidIfPending(trx, {
    id: tip.id,
    provider: input.provider,
    reference: input.reference,
    at,
  });
  if (!paid) return false;
  const crew = await listCrewOfBooking(trx, tip.booking_id);
  const amountCents = Number(tip.amount_cents);
  const shares = splitTip(
    amountCents,
    crew.map((seat) => ({ seat: Number(seat.seat), cleanerId: seat.cleaner_id })),
  );
  const day = sydneyDate(input.at);
  await insertTipShares(
    trx,
    shares.map((share) => ({
      id: newId(),
      tip_id: tip.id,
      booking_id: tip.booking_id,
      cleaner_id: share.cleanerId,
      seat: share.seat,
      amount_cents: share.amountCents,
      sydney_date: day,
      created_at: at,
    })),
  );
  const booking = { reference: await findBookingReference(trx, tip.booking_id) };
  await recordTransaction(trx, {
    id: newId(),
    reference_id: booking.reference,
    description: `Tip for the crew of booking ${booking.reference}`,
    type: "tip",
    amount_cents: amountCents,
    category: null,
    status: "completed",
    payment_id: null,
    payout_id: null,
    created_at: at,
  });
  await audit(trx, input.actor, {
    action: TIP_PAID,
    subjectType: "tip",
    subjectId: tip.id,
    details: {
      booking: booking.reference,
      amountCents,
      shares: shares.map((share) => ({ seat: share.seat, amountCents: share.amountCents })),
    },
    at,
  });
  return true;
}

/** The test provider's Pay for a pending tip: the test card's token decides, as on /payment. */
export async function payTipWithTestCard(
  db: Db,
  input: { reference: string | null; tipId: string; token: TestCardToken; actor: PaymentActor },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<TipPayResult> {
  if (ctx.config.paymentsMode !== "test") return { kind: "unavailable" };
  const found = await pendingTipOf(db, input.reference, input.tipId);
  if (!found) return { kind: "not-found" };
  if (found.tip.status === "paid") return { kind: "paid" };
  return db.transaction().execute(async (trx): Promise<TipPayResult> => {
    const outcome = simulateCharge(input.token, `tip:${found.tip.id}`);
    const at = now.toISOString();
    if (!outcome.ok) {
      await recordTipDecline(trx, found.tip.id, outcome.message, at);
      await audit(trx, input.actor, {
        action: TIP_DECLINED,
        subjectType: "tip",
        subjectId: found.tip.id,
        details: { provider: "test", code: outcome.code, booking: found.booking.reference },
        at,
      });
      return { kind: "declined", message: outcome.message };
    }
    await settleTip(trx, {
      tipId: found.tip.id,
      provider: "test",
      reference: outcome.chargeId,
      actor: input.actor,
      at: now,
    });
    return { kind: "paid" };
  });
}

/** Stripe's Pay for a pending tip: a Checkout Session for its amount, to redirect to. */
export async function startTipCheckout(
  db: Db,
  input: { reference: string | null; tipId: string },
  ctx: PaymentsContext,
): Promise<TipPayResult> {
  const stripe = ctx.config.paymentsMode === "stripe" ? stripeClient(ctx) : null;
  if (!stripe) return { kind: "unavailable" };
  const found = await pendingTipOf(db, input.reference, input.tipId);
  if (!found) return { kind: "not-found" };
  if (found.tip.status === "paid") return { kind: "paid" };
  const session = await createTipCheckoutSession(
    stripe,
    {
      tipId: found.tip.id,
      bookingReference: found.booking.reference,
      amountCents: Number(found.tip.amount_cents),
      customerEmail: found.booking.client_email,
    },
    ctx.config.publicUrl,
  );
  await setTipProvider(db, found.tip.id, "stripe", session.sessionId, new Date().toISOString());
  return { kind: "redirect", url: session.url };
}

/**
 * A paid Checkout Session whose metadata names a tip (the Stripe webhook hands it here): the tip
 * is settled once, only for its own session, amount and currency; a replay changes nothing.
 */
export async function settleTipCheckout(db: Db, session: Stripe.Checkout.Session, now: Date) {
  const tipId = session.metadata?.tip_id ?? session.client_reference_id;
  const tip = tipId ? await findTip(db, tipId) : undefined;
  if (
    !tip ||
    tip.provider_reference !== session.id ||
    session.amount_total !== Number(tip.amount_cents) ||
    session.currency?.toLowerCase() !== "aud"
  ) {
    return false;
  }
  return db.transaction().execute((trx) =>
    settleTip(trx, {
      tipId: tip.id,
      provider: "stripe",
      reference: session.id,
      actor: { type: "system", id: null },
      at: now,
    }),
  );
}

export type CleanerTip = {
  tipId: string;
  bookingReference: string;
  /** The date of the clean */
  jobDate: string;
  /** The Sydney date the tip was paid: the payout period it falls in */
  paidOn: string;
  seat: number;
  amountCents: number;
};

/**
 * A cleaner's tips paid on the Sydney dates [from, to] (both included), newest first, and their
 * total: what the cleaner app's earnings read.
 */
export async function listCleanerTips(
  db: Db,
  input: { cleanerId: string; from: string; to: string },
) {
  const rows = await listTipSharesOfCleaner(db, input);
  const tips: CleanerTip[] = rows.map((row) => ({
    tipId: row.tip_id,
    bookingReference: row.reference,
    jobDate: row.scheduled_date,
    paidOn: row.sydney_date,
    seat: Number(row.seat),
    amountCents: row.amount_cents,
  }));
  return { tips, totalCents: tips.reduce((sum, tip) => sum + tip.amountCents, 0) };
}

/** The paid tips of some bookings, by booking id (the customer page's bookings). */
export async function paidTipsOfBookings(db: Db, bookingIds: string[]) {
  const tips = await listTipsOfBookings(db, bookingIds);
  const byBooking = new Map<string, number>();
  for (const tip of tips) {
    if (tip.status !== "paid") continue;
    byBooking.set(tip.booking_id, (byBooking.get(tip.booking_id) ?? 0) + Number(tip.amount_cents));
  }
  return byBooking;
}

/** The key of a seat's tips in `tipsOfSeats`. */
export const seatTipKey = (bookingId: string, cleanerId: string) => `${bookingId}:${cleanerId}`;

/**
 * What each seat of some bookings was tipped (paid shares), keyed by `seatTipKey`: the timesheet
 * shows it beside each line (docs/decisions/0085-tips-ride-in-pay-runs.md).
 */
export async function tipsOfSeats(db: Db, bookingIds: string[]) {
  const unique = [...new Set(bookingIds)];
  const tips = new Map<string, number>();
  for (let i = 0; i < unique.length; i += 500) {
    for (const row of await sumTipSharesOfBookings(db, unique.slice(i, i + 500))) {
      tips.set(seatTipKey(row.booking_id, row.cleaner_id), row.amount_cents);
    }
  }
  return tips;
}
