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
import { fillCountTables } from "../../tests/helpers/count-tables";

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
    await clocked("PostgreSQL counts", () => fillCountTables((text) => client.query(text)));
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
