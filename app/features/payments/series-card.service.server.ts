import type { Kysely } from "kysely";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import type { PaymentsContext } from "./payment-gateway.server";
import { findBookingByReference } from "./payments.repository.server";
import { stateOf } from "./payments.service.server";
import { SERIES_CARD_COPY } from "./saved-card-copy";
import { findActiveCard, isSeriesVisit } from "./saved-cards.repository.server";
import {
  completeCardSetup,
  getSavedCard,
  saveTestCard,
  startCardSetup,
  type SavedCardView,
} from "./saved-cards.service.server";
import type { TestCardToken } from "./test-cards";

// Saving a card while booking a regular clean (docs/decisions/0093-save-a-card-after-the-first-visit.md):
// once the first visit of a series is paid, its payment success page offers to keep a card for
// the later visits. The booking's reference is the key, as it is for paying; so that the key alone
// never replaces a card someone saved, the offer stands only while the customer has none.

type Db = Kysely<Database>;

export type SeriesCardOffer =
  { kind: "offer"; mode: "test" | "stripe" } | { kind: "saved"; card: SavedCardView } | null;

export type SeriesCardIntent = { intent: "save-test"; token: TestCardToken } | { intent: "setup" };

const MAX_REFERENCE_LENGTH = 64;

/** The paid series visit `reference` names, with its customer; null for anything else. */
async function paidSeriesVisit(db: Db, reference: string | null) {
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) return null;
  const booking = await findBookingByReference(db, reference);
  if (!booking?.customerId) return null;
  if (!(await isSeriesVisit(db, booking.id))) return null;
  if ((await stateOf(db, booking)) !== "paid") return null;
  return { ...booking, customerId: booking.customerId };
}

/** What the payment success page offers: to save a card, the card saved, or nothing. */
export async function findSeriesCardOffer(
  db: Db,
  reference: string | null,
  ctx: PaymentsContext,
): Promise<SeriesCardOffer> {
  const visit = await paidSeriesVisit(db, reference);
  if (!visit) return null;
  const card = await getSavedCard(db, visit.customerId);
  if (card) return { kind: "saved", card };
  const mode = ctx.config.paymentsMode;
  return mode === "off" ? null : { kind: "offer", mode };
}

/**
 * Saves the card the later visits of the series are charged to: a test card at once, or Stripe's
 * setup page to redirect to (the card is stored when the customer comes back, or by the webhook).
 */
export async function saveSeriesCard(
  db: Db,
  input: { reference: string; choice: SeriesCardIntent },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<Result<{ url: string | null }>> {
  const visit = await paidSeriesVisit(db, input.reference);
  if (!visit) return failure("not_found", SERIES_CARD_COPY.notOffered);
  if (await findActiveCard(db, visit.customerId)) {
    return failure("conflict", SERIES_CARD_COPY.alreadySaved);
  }
  if (input.choice.intent === "save-test") {
    const expYear = now.getFullYear() + 3;
    const saved = await saveTestCard(
      db,
      { customerId: visit.customerId, token: input.choice.token, expMonth: 12, expYear },
      ctx,
      now,
    );
    return saved.ok ? { ok: true, url: null } : saved;
  }
  return startCardSetup(
    db,
    {
      customerId: visit.customerId,
      email: visit.clientEmail,
      name: visit.clientName,
      returnTo: `/payment-success?ref=${encodeURIComponent(visit.reference)}`,
    },
    ctx,
  );
}

/** Stripe sent the customer back to the success page: the card is stored (unless the webhook was first). */
export async function completeSeriesCardSetup(
  db: Db,
  input: { reference: string | null; sessionId: string },
  ctx: PaymentsContext,
) {
  const visit = await paidSeriesVisit(db, input.reference);
  if (!visit || input.sessionId.length > 200) return false;
  return completeCardSetup(db, { sessionId: input.sessionId, customerId: visit.customerId }, ctx);
}
