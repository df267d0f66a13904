import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The operations dashboard's two counts, kept as the writes happen so that reading them no longer
// grows with the bookings (docs/decisions/0089-admin-lists-at-scale.md):
// - hourly_booking_counts: bookings still on (not cancelled, of a live lead) per UTC hour of the
//   booking's creation, the first 13 characters of its ISO-8601 UTC text (as hourly_lead_counts);
// - unstaffed_job_counts: confirmed jobs of live leads with no accepted offer, per scheduled date.
// booking_tallies holds what each booking adds to the two (null where it adds nothing), so a change
// to a booking, its quote or an offer recomputes only the bookings it touches: their old
// contribution is taken away and their new one added, as lead_conversions does for leads
// (2026_11_25_1140). An offer counts for a booking when it is accepted, of the booking's quote and
// either names the booking or none (an offer made before the quote was booked).

const MADE_HOUR = `case when b.status <> 'cancelled' and q.deleted_at is null
  then substr(b.created_at, 1, 13) end`;
const UNSTAFFED_DATE = `case when b.status = 'confirmed' and q.deleted_at is null
  and not exists (
    select 1 from assignments a
    where a.quote_id = b.quote_id and a.status = 'accepted'
      and (a.booking_id = b.id or a.booking_id is null)
  ) then b.scheduled_date end`;

/** What each booking chosen by `chosen` (a condition on the column b.id) adds, non-null only. */
const tallies = (chosen: string) => `
  select t.booking_id, t.made_hour, t.unstaffed_date from (
    select b.id as booking_id, ${MADE_HOUR} as made_hour, ${UNSTAFFED_DATE} as unstaffed_date
    from bookings b join quotes q on q.id = b.quote_id where ${chosen}
  ) t where t.made_hour is not null or t.unstaffed_date is not null`;

/** Adds `sign` times the tallies of the chosen bookings to both count tables. */
function addCounts(chosen: string, sign: "+" | "-") {
  return `
    insert into hourly_booking_counts (utc_hour, bookings)
    select made_hour, ${sign}count(*) from booking_tallies
    where ${chosen} and made_hour is not null group by made_hour
    on conflict (utc_hour) do update
      set bookings = hourly_booking_counts.bookings + excluded.bookings;
    insert into unstaffed_job_counts (scheduled_date, jobs)
    select unstaffed_date, ${sign}count(*) from booking_tallies
    where ${chosen} and unstaffed_date is not null group by unstaffed_date
    on conflict (scheduled_date) do update
      set jobs = unstaffed_job_counts.jobs + excluded.jobs;`;
}

/**
 * The statements that recompute the bookings whose ids satisfy `idIn` (given a column, a
 * condition on it): the old tallies out, the new ones in.
 */
function recompute(idIn: (column: string) => string) {
  return `
    ${addCounts(idIn("booking_id"), "-")}
    delete from booking_tallies where ${idIn("booking_id")};
    insert into booking_tallies (booking_id, made_hour, unstaffed_date) ${tallies(idIn("b.id"))};
    ${addCounts(idIn("booking_id"), "+")}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("booking_tallies")
    .addColumn("booking_id", "text", (col) => col.primaryKey())
    .addColumn("made_hour", "text") // YYYY-MM-DDTHH of the booking's creation, when it counts
    .addColumn("unstaffed_date", "text") // YYYY-MM-DD it is scheduled for, while unstaffed
    .execute();
  await db.schema
    .createTable("hourly_booking_counts")
    .addColumn("utc_hour", "text", (col) => col.primaryKey())
    .addColumn("bookings", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("unstaffed_job_counts")
    .addColumn("scheduled_date", "text", (col) => col.primaryKey())
    .addColumn("jobs", "integer", (col) => col.notNull())
    .execute();
  if (postgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await backfill(db);
}

/** The tallies and counts of the bookings already there (also what a bulk load re-runs). */
async function backfill(db: Kysely<any>) {
  await sql
    .raw(`insert into booking_tallies (booking_id, made_hour, unstaffed_date) ${tallies("true")}`)
    .execute(db);
  await sql`
    insert into hourly_booking_counts (utc_hour, bookings)
    select made_hour, count(*) from booking_tallies where made_hour is not null
    group by made_hour`.execute(db);
  await sql`
    insert into unstaffed_job_counts (scheduled_date, jobs)
    select unstaffed_date, count(*) from booking_tallies where unstaffed_date is not null
    group by unstaffed_date`.execute(db);
}

const SQLITE_TRIGGERS = [
  "booking_counts_booking_insert",
  "booking_counts_booking_update",
  "booking_counts_booking_delete",
  "booking_counts_quote_update",
  "booking_counts_offer_insert",
  "booking_counts_offer_update",
  "booking_counts_offer_delete",
];

async function createSqliteTriggers(db: Kysely<any>) {
  const ids = (list: string) => (column: string) => `${column} in (${list})`;
  const ofQuotes = (quotes: string) => ids(`select id from bookings where quote_id in (${quotes})`);
  const statements = [
    `create trigger booking_counts_booking_insert after insert on bookings
     begin ${recompute(ids("new.id"))} end`,
    `create trigger booking_counts_booking_update
     after update of id, status, created_at, scheduled_date, quote_id on bookings
     begin ${recompute(ids("old.id, new.id"))} end`,
    `create trigger booking_counts_booking_delete after delete on bookings
     begin ${recompute(ids("old.id"))} end`,
    `create trigger booking_counts_quote_update after update of id, deleted_at on quotes
     begin ${recompute(ofQuotes("old.id, new.id"))} end`,
    `create trigger booking_counts_offer_insert after insert on assignments
     begin ${recompute(ofQuotes("new.quote_id"))} end`,
    `create trigger booking_counts_offer_update
     after update of status, quote_id, booking_id on assignments
     begin ${recompute(ofQuotes("old.quote_id, new.quote_id"))} end`,
    `create trigger booking_counts_offer_delete after delete on assignments
     begin ${recompute(ofQuotes("old.quote_id"))} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// PostgreSQL: one function recomputes a list of bookings; each trigger hands it the ids.

async function createPostgresTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create function booking_counts_recompute(ids text[]) returns void language plpgsql as $$
       begin
         ${recompute((column) => `${column} = any(ids)`)}
       end $$`,
    )
    .execute(db);
  const ofQuotes = (quotes: string) =>
    `array(select id from bookings where quote_id in (${quotes}))`;
  const triggers = [
    { table: "bookings", on: "id, status, created_at, scheduled_date, quote_id", key: "id" },
    { table: "quotes", on: "id, deleted_at", key: "id" },
    { table: "assignments", on: "status, quote_id, booking_id", key: "quote_id" },
  ];
  for (const { table, on, key } of triggers) {
    const chosen = (row: "old" | "new") =>
      table === "bookings" ? `array[${row}.id]` : ofQuotes(`${row}.${key}`);
    await sql
      .raw(
        `create function booking_counts_${table}() returns trigger language plpgsql as $$
         begin
           if tg_op in ('UPDATE', 'DELETE') then perform booking_counts_recompute(${chosen("old")}); end if;
           if tg_op in ('INSERT', 'UPDATE') then perform booking_counts_recompute(${chosen("new")}); end if;
           return null;
         end $$`,
      )
      .execute(db);
    const events = table === "quotes" ? `update of ${on}` : `insert or delete or update of ${on}`;
    await sql
      .raw(
        `create trigger booking_counts_${table} after ${events} on ${table}
         for each row execute function booking_counts_${table}()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    for (const table of ["bookings", "quotes", "assignments"]) {
      await sql.raw(`drop trigger booking_counts_${table} on ${table}`).execute(db);
      await sql.raw(`drop function booking_counts_${table}()`).execute(db);
    }
    await sql`drop function booking_counts_recompute(text[])`.execute(db);
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  await db.schema.dropTable("unstaffed_job_counts").execute();
  await db.schema.dropTable("hourly_booking_counts").execute();
  await db.schema.dropTable("booking_tallies").execute();
}
