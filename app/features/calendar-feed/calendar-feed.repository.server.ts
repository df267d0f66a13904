import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

// The SQL of a cleaner's private calendar feed
// (docs/decisions/0071-cleaner-earnings-and-calendar-feed.md).

/** The cleaner whose live feed token hashes to `tokenHash`, if any still takes jobs. */
export async function findFeedOwner(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("cleaner_calendar_feeds as f")
    .innerJoin("cleaners as c", "c.id", "f.cleaner_id")
    .select(["c.id", "c.status"])
    .where("f.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function findFeedCreatedAt(db: Kysely<Database>, cleanerId: string) {
  const row = await db
    .selectFrom("cleaner_calendar_feeds")
    .select("created_at")
    .where("cleaner_id", "=", cleanerId)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** Replaces the cleaner's feed token, so the old link stops working. */
export async function replaceFeedToken(
  db: Kysely<Database>,
  row: { cleaner_id: string; token_hash: string; created_at: string },
) {
  await db.deleteFrom("cleaner_calendar_feeds").where("cleaner_id", "=", row.cleaner_id).execute();
  await db.insertInto("cleaner_calendar_feeds").values(row).execute();
}

/**
 * The cleaner's seats on jobs from `fromDate` on that they accepted: still accepted, or since
 * asked again after a reschedule (pending) or released (cancelled), read from the offer's
 * "assignment.accepted" audit entry (docs/decisions/0041-cleaners-hear-of-job-changes.md). With
 * each booking's state: a cancelled one stays in the feed as cancelled, so a calendar drops it.
 */
export async function findFeedJobs(db: Kysely<Database>, cleanerId: string, fromDate: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .where("a.cleaner_id", "=", cleanerId)
    .where((eb) =>
      eb.or([
        eb("a.status", "=", "accepted"),
        eb.and([
          eb("a.status", "in", ["pending", "cancelled"]),
          eb.exists(
            eb
              .selectFrom("audit_log as l")
              .select("l.id")
              .where("l.subject_type", "=", "assignment")
              .whereRef("l.subject_id", "=", "a.id")
              .where("l.action", "=", "assignment.accepted"),
          ),
        ]),
      ]),
    )
    .where("b.scheduled_date", ">=", fromDate)
    .select([
      "a.id",
      "a.status as seat_status",
      "a.updated_at as seat_updated_at",
      "a.booking_id",
      "b.scheduled_date",
      "b.time_slot",
      "b.suburb",
      "b.status",
      "b.crew_size",
      "b.updated_at",
      "q.estimated_hours",
    ])
    .orderBy("b.scheduled_date")
    .limit(500)
    .execute();
}

/** The names of everyone on an accepted seat of these bookings, by booking. */
export async function findFeedCrews(db: Kysely<Database>, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("cleaners as c")
    .innerJoin("assignments as a", "a.cleaner_id", "c.id")
    .select(["a.booking_id", "a.cleaner_id", "c.name"])
    .where("a.status", "=", "accepted")
    .where("a.booking_id", "in", bookingIds)
    .execute();
}
