import { PostgresAdapter, type Kysely } from "kysely";
import type {
  Database,
  OccurrenceStatus,
  RecurringSeriesRow,
  RecurringSeriesTable,
  SeriesOccurrenceRow,
} from "~/server/database";

// Every query of recurring series (docs/decisions/0073-series-occurrences-are-bookings.md).

export type { RecurringSeriesRow, SeriesOccurrenceRow };

export async function insertSeries(db: Kysely<Database>, row: RecurringSeriesRow) {
  await db.insertInto("recurring_series").values(row).execute();
}

export async function findSeriesById(db: Kysely<Database>, id: string) {
  return db.selectFrom("recurring_series").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Reads series inside a transaction under the lock their changes take: on PostgreSQL row locks
 * (a pause, cancel or change of one of them waits for this transaction, and this read waits
 * for theirs); on SQLite every transaction takes the write lock when it begins (`begin
 * immediate`), so it needs nothing more.
 */
export async function lockSeriesMany(trx: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, RecurringSeriesRow>();
  // In id order, as every sweep takes them: two sweeps locking overlapping sets never deadlock.
  let query = trx.selectFrom("recurring_series").selectAll().where("id", "in", ids).orderBy("id");
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The series that books visits of a quote (its newest, should there ever be two). */
export async function findSeriesOfQuote(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("recurring_series")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function findSeriesOfCustomer(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom("recurring_series")
    .selectAll()
    .where("customer_id", "=", customerId)
    .orderBy("created_at", "desc")
    .execute();
}

/**
 * Active and paused series whose occurrences do not yet reach `horizon`, oldest first, a page
 * at a time (`afterId` is the last id of the page before), so a sweep over thousands of series
 * holds one page in memory.
 */
export async function findSeriesToSweep(
  db: Kysely<Database>,
  input: { horizon: string; afterId: string | null; limit: number },
) {
  let query = db
    .selectFrom("recurring_series")
    .selectAll()
    .where("status", "in", ["active", "paused"])
    .where((eb) =>
      eb.or([eb("booked_through", "is", null), eb("booked_through", "<", input.horizon)]),
    )
    .orderBy("id")
    .limit(input.limit);
  if (input.afterId) query = query.where("id", ">", input.afterId);
  return query.execute();
}

/** Changes a series when it still has the `updated_at` it was read with; false otherwise. */
export async function updateSeriesIf(
  db: Kysely<Database>,
  id: string,
  readAt: string,
  set: Partial<Omit<RecurringSeriesTable, "id" | "customer_id" | "created_at">>,
) {
  const result = await db
    .updateTable("recurring_series")
    .set(set)
    .where("id", "=", id)
    .where("updated_at", "=", readAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves the sweep's mark forward, never back (two sweeps may finish in either order). */
export async function advanceBookedThrough(
  db: Kysely<Database>,
  ids: readonly string[],
  through: string,
) {
  if (ids.length === 0) return;
  await db
    .updateTable("recurring_series")
    .set({ booked_through: through })
    .where("id", "in", ids)
    .where((eb) => eb.or([eb("booked_through", "is", null), eb("booked_through", "<", through)]))
    .execute();
}

/**
 * Claims series' dates for their occurrences: answers the series whose row this caller inserted;
 * one that exists already (another sweep, or an earlier run that crashed after it) is left out.
 * The unique key on (series_id, occurrence_date) is the guarantee; the conflict is ignored, never
 * an error. One date per series in a call.
 */
export async function claimOccurrences(db: Kysely<Database>, rows: SeriesOccurrenceRow[]) {
  if (rows.length === 0) return new Set<string>();
  const inserted = await db
    .insertInto("series_occurrences")
    .values(rows)
    .onConflict((oc) => oc.columns(["series_id", "occurrence_date"]).doNothing())
    .returning("series_id")
    .execute();
  return new Set(inserted.map((row) => row.series_id));
}

/** Claims one series' date (see `claimOccurrences`): true when this caller inserted it. */
export async function claimOccurrence(db: Kysely<Database>, row: SeriesOccurrenceRow) {
  return (await claimOccurrences(db, [row])).size > 0;
}

export async function setOccurrenceBooking(
  db: Kysely<Database>,
  id: string,
  set: { booking_id: string | null; status: OccurrenceStatus; updated_at: string },
) {
  await db.updateTable("series_occurrences").set(set).where("id", "=", id).execute();
}

/** Moves an occurrence from one status to another; false when it was not in `from` any more. */
export async function updateOccurrenceStatusIf(
  db: Kysely<Database>,
  id: string,
  from: readonly OccurrenceStatus[],
  set: { status: OccurrenceStatus; updated_at: string },
) {
  const result = await db
    .updateTable("series_occurrences")
    .set(set)
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A series' occurrences from `from` on (by their rule's date), with their booking's place. */
export async function findOccurrencesFrom(db: Kysely<Database>, seriesId: string, from: string) {
  return db
    .selectFrom("series_occurrences as o")
    .leftJoin("bookings as b", "b.id", "o.booking_id")
    .select([
      "o.id",
      "o.series_id",
      "o.occurrence_date",
      "o.booking_id",
      "o.status",
      "o.created_at",
      "o.updated_at",
      "b.scheduled_date",
      "b.time_slot",
      "b.status as booking_status",
      "b.reference as booking_reference",
    ])
    .where("o.series_id", "=", seriesId)
    .where("o.occurrence_date", ">=", from)
    .orderBy("o.occurrence_date")
    .execute();
}

export async function findOccurrenceById(db: Kysely<Database>, id: string) {
  return db.selectFrom("series_occurrences").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findOccurrenceOfBooking(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("series_occurrences")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
}

/** Removes occurrences not yet booked from `from` on, so a changed rule can create them anew. */
export async function deleteOccurrencesFrom(db: Kysely<Database>, seriesId: string, from: string) {
  await db
    .deleteFrom("series_occurrences")
    .where("series_id", "=", seriesId)
    .where("occurrence_date", ">=", from)
    .execute();
}
