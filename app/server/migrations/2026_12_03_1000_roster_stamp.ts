import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The sweep's roster read once and reused (docs/decisions/0097-the-sweep-reuses-the-roster.md):
// - `cleaners.roster_stamp`: a random whole number below 2^40 that a trigger draws afresh on
//   every insert and update of the row, whoever writes it, so the count of cleaners and the sum
//   of their stamps change whenever any cleaner does (a sum of 2^40-sized stamps fits SQLite's
//   64-bit integers up to millions of cleaners). An index on it makes that sum an index scan.
// - `cleaner_holds_live_spans`: the live holds by time with their end, cleaner and booking, so a
//   week's minutes held per cleaner and the holds that clash with a job are read from the index
//   alone. It serves every query the index on `starts_minute` alone served, which it replaces.
const STAMP_RANGE = 1_099_511_627_776; // 2^40

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("cleaners")
    .addColumn("roster_stamp", "bigint", (col) => col.notNull().defaultTo(sql`0`))
    .execute();
  if (postgres) {
    await sql`
      create function cleaners_roster_stamp() returns trigger language plpgsql as $$
      begin
        new.roster_stamp := floor(random() * ${sql.lit(STAMP_RANGE)})::bigint;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger cleaners_roster_stamp before insert or update on cleaners
      for each row execute function cleaners_roster_stamp()`.execute(db);
  } else {
    // SQLite cannot set NEW's columns: the row is stamped again after the write. Its own update
    // does not fire the trigger again (recursive triggers are off), and the guard stops it if
    // they were on.
    for (const event of ["insert", "update"]) {
      const guard = event === "update" ? sql`when new.roster_stamp = old.roster_stamp` : sql``;
      await sql`
        create trigger ${sql.raw(`cleaners_roster_stamp_${event}`)} after ${sql.raw(event)}
        on cleaners ${guard}
        begin
          update cleaners set roster_stamp = abs(random() % ${sql.lit(STAMP_RANGE)})
          where id = new.id;
        end`.execute(db);
    }
  }
  await sql`update cleaners set updated_at = updated_at`.execute(db);
  await sql`create index cleaners_roster_stamp on cleaners (roster_stamp)`.execute(db);
  // `released_at` (always null here) is listed so that SQLite reads the index alone: it does not
  // count a partial index's own condition as covered.
  await sql`
    create index cleaner_holds_live_spans
    on cleaner_holds (starts_minute, blocked_until_minute, cleaner_id, booking_id, released_at)
    where released_at is null
  `.execute(db);
  await sql`drop index cleaner_holds_live_by_time`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`
    create index cleaner_holds_live_by_time on cleaner_holds (starts_minute)
    where released_at is null
  `.execute(db);
  await sql`drop index cleaner_holds_live_spans`.execute(db);
  await sql`drop index cleaners_roster_stamp`.execute(db);
  if (postgres) {
    await sql`drop trigger cleaners_roster_stamp on cleaners`.execute(db);
    await sql`drop function cleaners_roster_stamp()`.execute(db);
  } else {
    await sql`drop trigger cleaners_roster_stamp_insert`.execute(db);
    await sql`drop trigger cleaners_roster_stamp_update`.execute(db);
  }
  await db.schema.alterTable("cleaners").dropColumn("roster_stamp").execute();
}
