import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";

// Quote follow-ups' queries (docs/decisions/0077-quote-follow-ups.md).

export type QuoteToFollowUp = {
  id: string;
  reference: string;
  clientName: string;
  clientEmail: string;
  serviceType: string;
  cleaningLevel: string | null;
  hours: number | null;
  totalCents: number;
  createdAt: string;
};

/**
 * Priced quotes still waiting to be booked: status pending, a lead neither booked nor lost, not
 * deleted, no booking of their own, no later booking by the same email, no stop asked for.
 */
function openQuotes(db: Kysely<Database>) {
  return (
    db
      .selectFrom("quotes")
      .select([
        "quotes.id as id",
        "quotes.reference as reference",
        "quotes.client_name as clientName",
        "quotes.client_email as clientEmail",
        "quotes.service_type as serviceType",
        "quotes.cleaning_level as cleaningLevel",
        "quotes.estimated_hours as hours",
        "quotes.total_cents as totalCents",
        "quotes.created_at as createdAt",
      ])
      .where("quotes.status", "=", "pending")
      .where("quotes.lead_status", "not in", ["booked", "lost"])
      .where("quotes.deleted_at", "is", null)
      .where("quotes.total_cents", "is not", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("quote_follow_up_stops")
              .select("quote_follow_up_stops.quote_id")
              .whereRef("quote_follow_up_stops.quote_id", "=", "quotes.id"),
          ),
        ),
      )
      // Two separate tests, not one OR over a join: each then reads an index (bookings by quote,
      // quotes by email) instead of every booking for every quote (the sweep's cost grew with the
      // bookings of the whole business).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("bookings")
              .select("bookings.id")
              .whereRef("bookings.quote_id", "=", "quotes.id"),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("quotes as booked")
              .innerJoin("bookings", "bookings.quote_id", "booked.id")
              .select("bookings.id")
              .whereRef("booked.client_email", "=", "quotes.client_email")
              .whereRef("bookings.created_at", ">=", "quotes.created_at"),
          ),
        ),
      )
  );
}

function asQuote(row: Omit<QuoteToFollowUp, "totalCents"> & { totalCents: number | null }) {
  return { ...row, totalCents: Number(row.totalCents ?? 0), hours: row.hours };
}

/** Open quotes made between `from` and `to` that have had no follow-up yet. */
export async function findQuotesForFirstFollowUp(
  db: Kysely<Database>,
  input: { from: string; to: string; limit: number },
) {
  const rows = await openQuotes(db)
    .where("quotes.created_at", ">=", input.from)
    .where("quotes.created_at", "<=", input.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("quote_follow_ups")
            .select("quote_follow_ups.id")
            .whereRef("quote_follow_ups.quote_id", "=", "quotes.id"),
        ),
      ),
    )
    .orderBy("quotes.created_at")
    .limit(input.limit)
    .execute();
  return rows.map(asQuote);
}

/** Open quotes whose first follow-up went between `from` and `to` and that have no second. */
export async function findQuotesForSecondFollowUp(
  db: Kysely<Database>,
  input: { from: string; to: string; limit: number },
) {
  const rows = await openQuotes(db)
    .innerJoin("quote_follow_ups as first", (join) =>
      join.onRef("first.quote_id", "=", "quotes.id").on("first.number", "=", 1),
    )
    .where("first.sent_at", ">=", input.from)
    .where("first.sent_at", "<=", input.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("quote_follow_ups as second")
            .select("second.id")
            .whereRef("second.quote_id", "=", "quotes.id")
            .where("second.number", "=", 2),
        ),
      ),
    )
    .orderBy("first.sent_at")
    .limit(input.limit)
    .execute();
  return rows.map(asQuote);
}

/** The quote if it is still open to a follow-up: read again in the follow-up's transaction. */
export async function findOpenQuote(db: Kysely<Database>, quoteId: string) {
  const row = await openQuotes(db).where("quotes.id", "=", quoteId).executeTakeFirst();
  return row && asQuote(row);
}

/** Claims follow-up `number` of a quote; false when it was sent already (by any process). */
export async function claimFollowUp(
  db: Kysely<Database>,
  quoteId: string,
  number: 1 | 2,
  at: string,
) {
  const result = await db
    .insertInto("quote_follow_ups")
    .values({ id: newId(), quote_id: quoteId, number, sent_at: at })
    .onConflict((oc) => oc.columns(["quote_id", "number"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findQuoteReference(db: Kysely<Database>, quoteId: string) {
  const row = await db
    .selectFrom("quotes")
    .select(["reference"])
    .where("id", "=", quoteId)
    .executeTakeFirst();
  return row?.reference ?? null;
}

export async function findFollowUpStop(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("quote_follow_up_stops")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .executeTakeFirst();
}

export async function insertFollowUpStop(db: Kysely<Database>, quoteId: string, at: string) {
  await db
    .insertInto("quote_follow_up_stops")
    .values({ quote_id: quoteId, stopped_at: at })
    .onConflict((oc) => oc.column("quote_id").doNothing())
    .execute();
}

/** How many follow-ups each quote had, for the leads board. */
export async function countFollowUpsByQuote(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("quote_follow_ups")
    .select(["quote_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("quote_id", "in", [...new Set(quoteIds)])
    .groupBy("quote_id")
    .execute();
  return new Map(rows.map((row) => [row.quote_id, Number(row.count)]));
}

/**
 * Quotes followed up for the first time between `from` and `to`, and how many of them have a
 * booking (cancelled ones included: the follow-up did its work when the booking was made).
 */
export async function countFollowUpConversions(
  db: Kysely<Database>,
  input: { from: string; to: string },
) {
  const firsts = db
    .selectFrom("quote_follow_ups")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("number", "=", 1)
    .where("sent_at", ">=", input.from)
    .where("sent_at", "<", input.to);
  const followedUp = await firsts.executeTakeFirstOrThrow();
  const booked = await firsts
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("bookings")
          .select("bookings.id")
          .whereRef("bookings.quote_id", "=", "quote_follow_ups.quote_id"),
      ),
    )
    .executeTakeFirstOrThrow();
  return { followedUp: Number(followedUp.count), booked: Number(booked.count) };
}
