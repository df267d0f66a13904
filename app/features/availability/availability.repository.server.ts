import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "~/server/database";
import type { HoldSpan } from "./hold-span";

// docs/decisions/0060-crews-and-cleaner-holds.md: what the availability model reads, one query per
// kind over the whole range (a day, a week or a month), never one per day or per cleaner.

/** No hold is longer than a day (a clean fits inside one day's opening hours, plus travel). */
const LONGEST_HOLD_MINUTES = 24 * 60;

/** The cleaners whose status takes jobs, with what decides whether they are free. */
export async function findWorkingCleaners(db: Kysely<Database>) {
  return db
    .selectFrom("cleaners")
    .select([
      "id",
      "status",
      "availability",
      "working_hours",
      "police_check_expires_on",
      "rating",
      "location",
    ])
    .where("status", "in", ["available", "busy"])
    .orderBy("id")
    .execute();
}

/**
 * What changes whenever any cleaner is added, removed or written: their count and the sum of
 * their roster stamps, which a trigger draws afresh on every write of a row
 * (docs/decisions/0097-the-sweep-reuses-the-roster.md). Read from an index, not the rows.
 */
export async function findRosterMarker(db: Kysely<Database>) {
  const row = await db
    .selectFrom("cleaners")
    .select([
      sql<number | string>`count(*)`.as("cleaners"),
      sql<number | string>`coalesce(sum(roster_stamp), 0)`.as("stamps"),
    ])
    .executeTakeFirstOrThrow();
  return `${row.cleaners}:${row.stamps}`;
}

/**
 * Approved time off overlapping `from`..`to` (Sydney dates, both included): a cleaner's request
 * waiting for staff, or refused, leaves them free
 * (docs/decisions/0070-cleaner-time-off-and-working-pattern.md).
 */
export async function findTimeOffBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("cleaner_time_off")
    .select(["cleaner_id", "starts_on", "ends_on"])
    .where("status", "=", "approved")
    .where("starts_on", "<=", to)
    .where("ends_on", ">=", from)
    .execute();
}

/**
 * Live holds overlapping `span`. The lower bound on the start keeps the scan to the range on
 * cleaner_holds_live_spans rather than every hold before it.
 */
function liveHoldsOverlapping(db: Kysely<Database>, span: HoldSpan) {
  return db
    .selectFrom("cleaner_holds")
    .where("released_at", "is", null)
    .where("starts_minute", ">=", span.startsMinute - LONGEST_HOLD_MINUTES)
    .where("starts_minute", "<", span.blockedUntilMinute)
    .where("blocked_until_minute", ">", span.startsMinute);
}

/** The dialect's comma-joined list of `value` over a group (null when every value is null). */
function joinedList(db: Kysely<Database>, value: RawBuilder<unknown>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string | null>`string_agg(${value}, ',')`
    : sql<string | null>`group_concat(${value}, ',')`;
}

export async function findLiveHoldsBetween(db: Kysely<Database>, span: HoldSpan) {
  return liveHoldsOverlapping(db, span)
    .select(["cleaner_id", "booking_id", "starts_minute", "blocked_until_minute"])
    .execute();
}

/**
 * The same live holds as findLiveHoldsBetween, without their bookings: one row per cleaner, their
 * spans as "start end" pairs joined by commas. A month holds thousands of holds, and returning a
 * row (and a JavaScript object) for each cost more than the rest of the calendar together; one
 * short string per cleaner does not (docs/benchmarks.md, "Dispatch").
 */
export async function findHeldSpansBetween(db: Kysely<Database>, span: HoldSpan) {
  const pair = sql`starts_minute || ' ' || blocked_until_minute`;
  // Every group has at least one hold, so the list is never null.
  const spans = joinedList(db, pair).$castTo<string>();
  return liveHoldsOverlapping(db, span)
    .select(["cleaner_id", spans.as("spans")])
    .groupBy("cleaner_id")
    .execute();
}

/** The dialect's minutes of a live hold inside `week` (holds clipped to it). */
function minutesInside(db: Kysely<Database>, week: HoldSpan) {
  const [weekFrom, weekUntil] = [sql.lit(week.startsMinute), sql.lit(week.blockedUntilMinute)];
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`least(blocked_until_minute, ${weekUntil}) - greatest(starts_minute, ${weekFrom})`
    : sql`min(blocked_until_minute, ${weekUntil}) - max(starts_minute, ${weekFrom})`;
}

/**
 * The live holds of a week as the ranking of one job reads them, one row per cleaner with any:
 * their minutes held inside `week` (holds clipped to it), and the holds that overlap `job` as
 * "start end booking" triples joined by commas (null when none do). One pass over the index on
 * live spans (which carries all it reads), summed by the database, instead of a row (and an
 * object) for every hold of the week.
 */
export async function findWeekHoldsFor(db: Kysely<Database>, week: HoldSpan, job: HoldSpan) {
  const overlap = sql`starts_minute < ${sql.lit(job.blockedUntilMinute)}
    and blocked_until_minute > ${sql.lit(job.startsMinute)}`;
  const triple = sql`case when ${overlap} then
    starts_minute || ' ' || blocked_until_minute || ' ' || booking_id end`;
  return liveHoldsOverlapping(db, week)
    .select([
      "cleaner_id",
      sql<number | string>`sum(${minutesInside(db, week)})`.as("minutes"),
      joinedList(db, triple).as("clashes"),
    ])
    .groupBy("cleaner_id")
    .execute();
}

/** Each cleaner's minutes of live holds inside `week`, one row per cleaner with any. */
export async function findMinutesHeldIn(db: Kysely<Database>, week: HoldSpan) {
  return liveHoldsOverlapping(db, week)
    .select(["cleaner_id", sql<number | string>`sum(${minutesInside(db, week)})`.as("minutes")])
    .groupBy("cleaner_id")
    .execute();
}

/** The centres of the suburbs named (any case), for distances. */
export async function findSuburbCentres(db: Kysely<Database>, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom("suburbs")
    .select(["name", "lat", "lng"])
    .where(
      sql<string>`lower(name)`,
      "in",
      names.map((name) => name.toLowerCase()),
    )
    .where("lat", "is not", null)
    .execute();
}

/** The cleaner who did the customer's latest job before `date` (an accepted offer). */
export async function findLastCleanerFor(db: Kysely<Database>, customerId: string, date: string) {
  const row = await db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .select("a.cleaner_id")
    .where("b.customer_id", "=", customerId)
    .where("b.status", "!=", "cancelled")
    .where("b.scheduled_date", "<", date)
    .where("a.status", "=", "accepted")
    .orderBy("b.scheduled_date", "desc")
    .orderBy("b.time_slot", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.cleaner_id ?? null;
}

/** findLastCleanerFor for several customers at once: their last cleaner by customer. */
export async function findLastCleanersFor(
  db: Kysely<Database>,
  customerIds: readonly string[],
  date: string,
) {
  if (customerIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("assignments as a")
        .innerJoin("bookings as b", "b.id", "a.booking_id")
        .select([
          "b.customer_id",
          "a.cleaner_id",
          sql<number>`row_number() over (
            partition by b.customer_id order by b.scheduled_date desc, b.time_slot desc
          )`.as("latest"),
        ])
        .where("b.customer_id", "in", customerIds)
        .where("b.status", "!=", "cancelled")
        .where("b.scheduled_date", "<", date)
        .where("a.status", "=", "accepted")
        .as("jobs"),
    )
    .select(["customer_id", "cleaner_id"])
    .where("latest", "=", 1)
    .execute();
  return new Map(rows.map((row) => [row.customer_id, row.cleaner_id]));
}

/** The live holds of one booking, by seat. */
export async function findBookingHolds(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("cleaner_holds")
    .select(["id", "cleaner_id", "seat", "assignment_id"])
    .where("booking_id", "=", bookingId)
    .where("released_at", "is", null)
    .orderBy("seat")
    .execute();
}

/**
 * PostgreSQL: one transaction at a time picks crews for a Sydney day (a transaction-scoped
 * advisory lock keyed by this decision's number, 60, and the date). SQLite has one writer, so
 * nothing is needed there.
 */
export async function lockCrewDay(trx: Transaction<Database>, date: string) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const day = Number(date.replaceAll("-", ""));
  // The lock lasts until the transaction ends: a transaction booking several visits of the day
  // (the sweep's) asks for it once.
  const held = crewDaysLocked.get(trx) ?? new Set<number>();
  if (held.has(day)) return;
  await sql`select pg_advisory_xact_lock(60, ${day}::int)`.execute(trx);
  crewDaysLocked.set(trx, held.add(day));
}

const crewDaysLocked = new WeakMap<Transaction<Database>, Set<number>>();
