import type { Kysely } from "kysely";
import type { Database, NewReview, NewReviewRequest } from "~/server/database";

// Data access for review requests: the link's row, and the review it becomes.

export async function insertReviewRequest(trx: Kysely<Database>, row: NewReviewRequest) {
  await trx.insertInto("review_requests").values(row).execute();
}

/** The lead a review is asked for, with the cleaner and suburb of its job when known. */
export async function findReviewSubject(db: Kysely<Database>, quoteId: string) {
  const quote = await db
    .selectFrom("quotes")
    .select(["id", "reference", "client_name", "client_email", "service_type", "status"])
    .where("id", "=", quoteId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!quote) return null;
  const assignment = await db
    .selectFrom("assignments")
    .select(["cleaner_id"])
    .where("quote_id", "=", quoteId)
    .where("status", "=", "accepted")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const booking = await db
    .selectFrom("bookings")
    .select(["suburb", "reference", "status"])
    .where("quote_id", "=", quoteId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return {
    ...quote,
    cleanerId: assignment?.cleaner_id ?? null,
    suburb: booking?.suburb ?? null,
    bookingReference: booking?.status === "completed" ? booking.reference : null,
  };
}

export async function findReviewRequestByHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("review_requests")
    .innerJoin("quotes", "quotes.id", "review_requests.quote_id")
    .select([
      "review_requests.id",
      "review_requests.quote_id",
      "review_requests.used_at",
      "quotes.client_name",
    ])
    .where("review_requests.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks the link used if nobody used it first; false when it was already used. */
export async function useReviewRequest(
  trx: Kysely<Database>,
  id: string,
  reviewId: string,
  at: string,
) {
  const result = await trx
    .updateTable("review_requests")
    .set({ used_at: at, review_id: reviewId })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertClientReview(trx: Kysely<Database>, row: NewReview) {
  await trx.insertInto("reviews").values(row).execute();
}

/** The completed booking of the lead a review link is for (its latest), for the tip link. */
export async function findCompletedBookingOfReviewRequest(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("review_requests")
    .innerJoin("bookings", "bookings.quote_id", "review_requests.quote_id")
    .select(["bookings.reference"])
    .where("review_requests.token_hash", "=", tokenHash)
    .where("bookings.status", "=", "completed")
    .orderBy("bookings.created_at", "desc")
    .executeTakeFirst();
}
