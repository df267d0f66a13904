// Loads the data of admin-lists-data.ts into a migrated SQLite file or PostgreSQL database.
// Secondary indexes are dropped for the load and made again after it from their own stored
// definitions (exactly the migrations' indexes), as scripts/bench/admin-dashboard.ts does.
import SQLite from "better-sqlite3";
import pg from "pg";
import { rebuildDailyRollups, sydneyDateOf } from "~/features/ledger/ledger.server";
import { encryptField } from "~/lib/crypto.server";
import type { AppDatabase } from "~/server/db.server";
import {
  clockAt,
  fillStatements,
  postgresDialect,
  sqliteDialect,
  type Counts,
} from "./admin-lists-data";
import { BENCH_ENCRYPTION_KEY } from "./admin-lists-cases";

const LOADED_TABLES = [
  "staff_users",
  "cleaners",
  "quotes",
  "bookings",
  "booking_slot_counts",
  "payments",
  "assignments",
  "transactions",
  "cleaner_payouts",
  "contact_messages",
  "outbox_messages",
  "outbox_attempts",
  "audit_log",
];
// What the lead and booking count triggers look up as the rows go in (SQLite keeps its
// triggers): they stay.
const KEPT_INDEXES = [
  "bookings_quote_idx",
  "payments_booking_idx",
  "payments_quote_idx",
  "assignments_quote_idx",
];

async function clocked<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const bankAccount = () => encryptField(BENCH_ENCRYPTION_KEY, "12345678");

export async function seedSqlite(file: string, database: AppDatabase, counts: Counts, now: Date) {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -512000");
  db.function("sydney_date", { deterministic: true }, (seconds: unknown) =>
    sydneyDateOf(new Date(Number(seconds) * 1000).toISOString()),
  );
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
       and sql not like 'CREATE UNIQUE%' and tbl_name in (${LOADED_TABLES.map(() => "?").join(", ")})
       and name not in (${KEPT_INDEXES.map(() => "?").join(", ")})`,
    )
    .all(...LOADED_TABLES, ...KEPT_INDEXES) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`drop index ${index.name}`);
  // SQLite's triggers (lead search, board totals, lead counts) run as the rows go in.
  const statements = fillStatements(sqliteDialect, counts, clockAt(now), bankAccount());
  await clocked(`SQLite rows (${statements.length} statements)`, () => {
    for (const statement of statements) db.exec(statement);
  });
  await clocked("SQLite indexes", () => {
    for (const index of indexes) db.exec(index.sql);
    db.exec("analyze");
  });
  db.close();
  await clocked("SQLite rollups", () => rebuildDailyRollups(database.db));
}

export async function seedPostgres(url: string, database: AppDatabase, counts: Counts, now: Date) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = current_schema() and tablename = any($1)
       and indexdef not like 'CREATE UNIQUE%' and indexname <> all($2)`,
      [LOADED_TABLES, KEPT_INDEXES],
    );
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    // Per-row triggers that update the same few count rows for every lead are slow over a big
    // insert; they are off for the load and their tables are filled after it, as the migrations
    // that made them fill theirs (2026_11_22_1500, 2026_11_25_1140, 2026_11_25_1310,
    // 2026_11_30_1500).
    const { rows: triggers } = await client.query<{ table: string; name: string }>(
      `select c.relname as table, t.tgname as name from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relname = any($1)`,
      [LOADED_TABLES],
    );
    console.log(
      `  PostgreSQL triggers off for the load: ${triggers.map((t) => t.name).join(", ")}`,
    );
    for (const table of new Set(triggers.map((t) => t.table))) {
      await client.query(`alter table ${table} disable trigger user`);
    }
    const statements = fillStatements(postgresDialect, counts, clockAt(now), bankAccount());
    await clocked(`PostgreSQL rows (${statements.length} statements)`, async () => {
      for (const statement of statements) await client.query(statement);
    });
    for (const table of new Set(triggers.map((t) => t.table))) {
      await client.query(`alter table ${table} enable trigger user`);
    }
    await clocked("PostgreSQL counts", () => fillCounts(client));
    await clocked("PostgreSQL indexes", async () => {
      await client.query("set maintenance_work_mem = '512MB'");
      for (const index of indexes) await client.query(index.definition);
    });
    await clocked("PostgreSQL rollups", () => rebuildDailyRollups(database.db));
    // What autovacuum does soon after a bulk load: statistics and the visibility map.
    await clocked("PostgreSQL vacuum analyze", () => client.query("vacuum analyze"));
  } finally {
    await client.end();
  }
}

/** The tables the quote, booking and payment triggers keep, filled from the loaded rows. */
async function fillCounts(client: pg.Client) {
  await client.query(`delete from lead_board_totals`);
  await client.query(
    `insert into lead_board_totals (lead_status, status, service_type, leads, total_cents)
     select lead_status, status, service_type, count(*), coalesce(sum(total_cents), 0)
     from quotes where deleted_at is null group by lead_status, status, service_type`,
  );
  await client.query(`delete from lead_conversions`);
  await client.query(
    `insert into lead_conversions (quote_id, utc_hour)
     select q.id, substr(q.created_at, 1, 13) from quotes q
     where q.deleted_at is null and exists (
       select 1 from bookings b
       where b.quote_id = q.id and b.status <> 'cancelled'
         and (b.status = 'completed' or exists (
           select 1 from payments p
           where p.status = 'paid'
             and (p.booking_id = b.id or (p.booking_id is null and p.quote_id = b.quote_id)))))`,
  );
  await fillBookingCounts(client);
  await client.query(`delete from hourly_lead_counts`);
  await client.query(
    `insert into hourly_lead_counts (utc_hour, leads, booked_leads)
     select h.utc_hour, h.leads, coalesce(c.booked, 0)
     from (select substr(created_at, 1, 13) as utc_hour, count(*) as leads from quotes
           where deleted_at is null group by 1) h
     left join (select utc_hour, count(*) as booked from lead_conversions group by 1) c
       on c.utc_hour = h.utc_hour`,
  );
}

/** The operations dashboard's booking counts, as migration 2026_11_30_1500 fills them. */
async function fillBookingCounts(client: pg.Client) {
  await client.query(`delete from booking_tallies`);
  await client.query(`delete from hourly_booking_counts`);
  await client.query(`delete from unstaffed_job_counts`);
  await client.query(
    `insert into booking_tallies (booking_id, made_hour, unstaffed_date)
     select t.booking_id, t.made_hour, t.unstaffed_date from (
       select b.id as booking_id,
         case when b.status <> 'cancelled' and q.deleted_at is null
           then substr(b.created_at, 1, 13) end as made_hour,
         case when b.status = 'confirmed' and q.deleted_at is null and not exists (
           select 1 from assignments a
           where a.quote_id = b.quote_id and a.status = 'accepted'
             and (a.booking_id = b.id or a.booking_id is null)
         ) then b.scheduled_date end as unstaffed_date
       from bookings b join quotes q on q.id = b.quote_id
     ) t where t.made_hour is not null or t.unstaffed_date is not null`,
  );
  await client.query(
    `insert into hourly_booking_counts (utc_hour, bookings)
     select made_hour, count(*) from booking_tallies where made_hour is not null group by 1`,
  );
  await client.query(
    `insert into unstaffed_job_counts (scheduled_date, jobs)
     select unstaffed_date, count(*) from booking_tallies where unstaffed_date is not null
     group by 1`,
  );
}
