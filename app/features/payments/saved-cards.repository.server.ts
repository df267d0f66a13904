import type { Kysely } from "kysely";
import type { CardChargeStatus, Database, SavedCardRow, CardChargeRow } from "~/server/database";

// All SQL of saved cards and their off-session charges
// (docs/decisions/0074-saved-cards-and-off-session-charges.md).

type Db = Kysely<Database>;

const toCard = (row: SavedCardRow): SavedCardRow => ({
  ...row,
  exp_month: Number(row.exp_month),
  exp_year: Number(row.exp_year),
});

/** The customer's card that may be charged: the newest one not removed. */
export async function findActiveCard(db: Db, customerId: string) {
  const row = await db
    .selectFrom("saved_cards")
    .selectAll()
    .where("customer_id", "=", customerId)
    .where("removed_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row ? toCard(row) : null;
}

export async function findCardById(db: Db, id: string) {
  const row = await db
    .selectFrom("saved_cards")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toCard(row) : null;
}

/** The Stripe customer any earlier card of this customer was saved under. */
export async function findStripeCustomerId(db: Db, customerId: string) {
  const row = await db
    .selectFrom("saved_cards")
    .select("provider_customer_id")
    .where("customer_id", "=", customerId)
    .where("provider", "=", "stripe")
    .where("provider_customer_id", "is not", null)
    .executeTakeFirst();
  return row?.provider_customer_id ?? null;
}

/** Saves a card unless its payment method is saved already (a replayed webhook); false then. */
export async function insertCardUnlessSaved(db: Db, row: SavedCardRow) {
  const result = await db
    .insertInto("saved_cards")
    .values(row)
    .onConflict((oc) => oc.column("payment_method_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Marks the customer's cards removed, apart from `keepId`; the rows removed. */
export async function removeCustomerCards(
  db: Db,
  input: { customerId: string; keepId?: string; at: string },
) {
  let query = db
    .updateTable("saved_cards")
    .set({ removed_at: input.at })
    .where("customer_id", "=", input.customerId)
    .where("removed_at", "is", null);
  if (input.keepId) query = query.where("id", "!=", input.keepId);
  const removed = await query.returning(["id", "provider", "payment_method_id"]).execute();
  return removed;
}

/** Claims attempt `attempt` of a booking's charge; when it was claimed already, nothing changes. */
export async function claimCharge(db: Db, row: CardChargeRow) {
  await db
    .insertInto("card_charges")
    .values(row)
    .onConflict((oc) => oc.columns(["booking_id", "attempt"]).doNothing())
    .execute();
  return (await findCharge(db, row.booking_id, row.attempt))!;
}

export async function findCharge(db: Db, bookingId: string, attempt: number) {
  const row = await db
    .selectFrom("card_charges")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("attempt", "=", attempt)
    .executeTakeFirst();
  return row
    ? { ...row, attempt: Number(row.attempt), amount_cents: Number(row.amount_cents) }
    : null;
}

/** A booking's charge attempts, first first. */
export async function listChargesOfBooking(db: Db, bookingId: string) {
  const rows = await db
    .selectFrom("card_charges")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("attempt")
    .execute();
  return rows.map((row) => ({ ...row, attempt: Number(row.attempt) }));
}

/** pending -> the provider's answer, only if still pending: one process records it. */
export async function settleChargeIfPending(
  db: Db,
  input: {
    id: string;
    status: CardChargeStatus;
    reference: string | null;
    code: string | null;
    at: string;
  },
) {
  const result = await db
    .updateTable("card_charges")
    .set({
      status: input.status,
      provider_reference: input.reference,
      failure_code: input.code,
      updated_at: input.at,
    })
    .where("id", "=", input.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Series visits completed since `completedSince`, dated on or before `today`, whose customer has a card to charge and that
 * no charge was tried for and no payment settled: the ones to charge. `quoteId` narrows it to
 * one job (the one just completed).
 */
export async function findVisitsToCharge(
  db: Db,
  input: { today: string; completedSince: string; quoteId?: string; limit: number },
) {
  let query = db
    .selectFrom("bookings")
    .innerJoin("series_occurrences", "series_occurrences.booking_id", "bookings.id")
    .innerJoin("saved_cards", (join) =>
      join
        .onRef("saved_cards.customer_id", "=", "bookings.customer_id")
        .on("saved_cards.removed_at", "is", null),
    )
    .select("bookings.id")
    .distinct()
    .where("bookings.status", "=", "completed")
    .where("bookings.scheduled_date", "<=", input.today)
    .where("bookings.completed_at", ">=", input.completedSince)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("card_charges")
            .select("card_charges.id")
            .whereRef("card_charges.booking_id", "=", "bookings.id"),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("payments")
            .select("payments.id")
            .whereRef("payments.booking_id", "=", "bookings.id")
            .where("payments.status", "in", ["paid", "refunded"]),
        ),
      ),
    );
  if (input.quoteId) query = query.where("bookings.quote_id", "=", input.quoteId);
  const rows = await query.orderBy("bookings.id").limit(input.limit).execute();
  return rows.map((row) => row.id);
}

/** The mobile number the booking's quote gave, for a text beside the email. */
export async function findBookingPhone(db: Db, bookingId: string) {
  const row = await db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select("quotes.client_phone")
    .where("bookings.id", "=", bookingId)
    .executeTakeFirst();
  return row?.client_phone ?? null;
}

/** Whether the booking is a visit of a regular clean (a series), not a one-off. */
export async function isSeriesVisit(db: Db, bookingId: string) {
  const row = await db
    .selectFrom("series_occurrences")
    .select("series_occurrences.id")
    .where("series_occurrences.booking_id", "=", bookingId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the failed try the business was told was the last. */
export async function markChargeAlerted(db: Db, id: string, at: string) {
  await db.updateTable("card_charges").set({ alerted_at: at }).where("id", "=", id).execute();
}

/**
 * The last failed tries the business was told of, newest first, whose booking is still unpaid
 * and not cancelled: what staff must follow up. `quoteId` narrows it to one lead's bookings.
 */
export async function findFailedCharges(db: Db, input: { limit: number; quoteId?: string }) {
  let query = db
    .selectFrom("card_charges")
    .innerJoin("bookings", "bookings.id", "card_charges.booking_id")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select([
      "card_charges.id",
      "card_charges.attempt",
      "card_charges.amount_cents",
      "card_charges.failure_code",
      "card_charges.alerted_at",
      "bookings.id as booking_id",
      "bookings.reference",
      "bookings.scheduled_date",
      "bookings.quote_id",
      "bookings.customer_id",
      "quotes.client_name",
    ])
    .where("card_charges.alerted_at", "is not", null)
    .where("bookings.status", "<>", "cancelled")
    .where("bookings.id", "not in", (eb) =>
      eb
        .selectFrom("payments")
        .select("payments.booking_id")
        .where("payments.status", "in", ["paid", "refunded"])
        .where("payments.booking_id", "is not", null)
        .$narrowType<{ booking_id: string }>(),
    );
  if (input.quoteId) query = query.where("bookings.quote_id", "=", input.quoteId);
  const rows = await query
    .orderBy("card_charges.alerted_at", "desc")
    .orderBy("card_charges.id")
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    attempt: Number(row.attempt),
    amount_cents: Number(row.amount_cents),
  }));
}
