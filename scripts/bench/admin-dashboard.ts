// npm run bench:admin [-- --scale 10] [--runs 20] [--only sqlite|postgres]
//   [--suite all|dashboard|leads|directory] [--keep]
//
// Then the finance screen on the same data (finance-bench.ts): the overview for each period,
// transaction pages deep in the list (keyset), a type filter, and a full CSV export in a process
// of its own (rows a second and that process's peak RSS). Target: p95 under 50 ms a page and at
// least 100,000 rows a second.
//
// Times the admin dashboard's service (getDashboard) on a large business: 1,000,000 transactions,
// 200,000 leads (30% booked) and 500 cleaners with their status history over the last 120 days,
// times --scale. Seeds a fresh SQLite file and a fresh PostgreSQL schema (on BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test), then reports the median and p95 of --runs
// calls for each period. Target: p95 under 150 ms on both, and a near-flat curve at --scale 10.
// The data is made here and loaded in big batches (the ledger module's bulk path: each ledger
// row carries the Sydney date the ledger gives it, then rebuildDailyRollups builds the daily and
// hourly rollups; the lead counts are kept by their triggers as the quotes and bookings go in).
// --suite leads times only the leads screen (./leads-timings.ts: list pages, search, board; target
// p95 under 50 ms) and seeds no transactions; --suite dashboard only the dashboard.
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { createRandom } from "~/features/demo-data/random";
import { getDashboard } from "~/features/dashboard/dashboard.service.server";
import { rebuildDailyRollups, sydneyDateOf } from "~/features/ledger/ledger.server";
import { CLEANER_STATUS_CHANGED } from "~/features/cleaners/cleaner-status";
import { DASHBOARD_PERIODS } from "~/features/dashboard/dashboard.schema";
import type { CleanerStatus } from "~/server/database";
import { createDatabase, migrateToLatest, type AppDatabase } from "~/server/db.server";
import { benchCleanerDirectory, printDirectoryResults } from "./cleaner-directory";
import { FIRST_NAMES, LAST_NAMES } from "~/features/demo-data/people";
import { printLeadTimings, timeLeads, type LeadProbes, type LeadTiming } from "./leads-timings";
import { printFinanceResults, timeFinance, type FinanceResult } from "./finance-bench";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    runs: { type: "string", default: "20" },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
    // The cleaner directory's cases run last (scripts/bench/cleaner-directory.ts).
    suite: { type: "string", default: "all" },
  },
});
const suite = args.suite as "all" | "dashboard" | "leads" | "directory";
if (!["all", "dashboard", "leads", "directory"].includes(suite))
  throw new Error("--suite all|dashboard|leads|directory");
const scale = Number(args.scale);
const runs = Number(args.runs);
if (!(scale > 0) || !(runs > 0)) throw new Error("--scale and --runs must be positive numbers");
if (args.suite === "directory") {
  printDirectoryResults(await benchCleanerDirectory({ runs, only: args.only }));
  process.exit(0);
}

const DAY_MS = 86_400_000;
const leadProbes: LeadProbes = { name: "", phoneDigits: "", deepCursor: { createdAt: "", id: "" } };
const SPAN_DAYS = 120;
const now = new Date();
const spanStart = now.getTime() - SPAN_DAYS * DAY_MS;
const counts = {
  transactions: suite === "leads" ? 0 : Math.round(1_000_000 * scale),
  leads: Math.round(200_000 * scale),
  cleaners: Math.round(500 * scale),
};

// ---------------------------------------------------------------------------------------------
// The data: rows as plain arrays in table column order, made from a fixed seed.

type Table = { name: string; columns: string[]; types: string[]; rows: () => Iterable<unknown[]> };

const CATEGORIES = [
  ["Residential", 50],
  ["Commercial", 30],
  ["Post-construction", 12],
  ["Subscription", 8],
] as const;
const STATUSES: CleanerStatus[] = ["available", "busy", "offline", "pending_review", "suspended"];

/** What the tables share while they are made: the seeded random, and the ids later tables read. */
type Fill = {
  random: ReturnType<typeof createRandom>;
  at: (from?: number) => string;
  leadIds: string[];
  leadTimes: number[];
  cleanerIds: string[];
  cleanerStatuses: CleanerStatus[];
};

function tables(): Table[] {
  const random = createRandom(20261122);
  // The id lists are filled as the earlier tables are made, and read by the later ones.
  const fill: Fill = {
    random,
    at: (from = spanStart) => new Date(from + random.next() * (now.getTime() - from)).toISOString(),
    leadIds: [],
    leadTimes: [],
    cleanerIds: [],
    cleanerStatuses: [],
  };
  return [
    cleanersTable(fill),
    auditTable(fill),
    quotesTable(fill),
    bookingsTable(fill),
    transactionsTable(fill),
  ];
}

function cleanersTable({ random, at, cleanerIds, cleanerStatuses }: Fill): Table {
  return {
    name: "cleaners",
    columns: [
      "id",
      "name",
      "email",
      "phone",
      "services",
      "availability",
      "languages",
      "specialties",
      "status",
      "rating",
      "source",
      "created_at",
      "updated_at",
    ],
    types: [
      "text",
      "text",
      "text",
      "text",
      "text",
      "text",
      "text",
      "text",
      "text",
      "float8",
      "text",
      "text",
      "text",
    ],
    *rows() {
      for (let i = 0; i < counts.cleaners; i++) {
        const id = crypto.randomUUID();
        cleanerIds.push(id);
        const status = random.weighted(
          STATUSES.map((s, k) => [s, [60, 15, 10, 10, 5][k]!] as const),
        );
        cleanerStatuses.push(status);
        const created = at(now.getTime() - 2 * 365 * DAY_MS);
        yield [
          id,
          `Cleaner ${i}`,
          `cleaner-${i}@bench.example`,
          "0400 000 000",
          "[]",
          "[]",
          "[]",
          "[]",
          status,
          3.5 + random.int(0, 15) / 10,
          "admin",
          created,
          created,
        ];
      }
    },
  };
}

/**
 * About four status changes per cleaner over the span, chained so the last one ends on the
 * status the cleaner has now (the rows of `cleaners` are made first).
 */
function auditTable({ random, at, cleanerIds, cleanerStatuses }: Fill): Table {
  return {
    name: "audit_log",
    columns: ["id", "actor_type", "action", "subject_type", "subject_id", "details", "created_at"],
    types: ["text", "text", "text", "text", "text", "text", "text"],
    *rows() {
      for (let c = 0; c < cleanerIds.length; c++) {
        const changes = random.int(0, 8);
        const times = Array.from({ length: changes }, () => at()).sort();
        let status = cleanerStatuses[c]!;
        for (let k = times.length - 1; k >= 0; k--) {
          const from = random.pick(STATUSES.filter((s) => s !== status));
          yield [
            crypto.randomUUID(),
            "staff",
            CLEANER_STATUS_CHANGED,
            "cleaner",
            cleanerIds[c],
            JSON.stringify({ from, to: status }),
            times[k],
          ];
          status = from;
        }
      }
    },
  };
}

function quotesTable(fill: Fill): Table {
  return {
    name: "quotes",
    columns: [
      "id",
      "reference",
      "client_name",
      "client_email",
      "client_phone",
      "service_type",
      "space_details",
      "total_cents",
      "status",
      "lead_status",
      "lead_source",
      "created_at",
      "updated_at",
      "deleted_at",
    ],
    types: [
      "text",
      "text",
      "text",
      "text",
      "text",
      "text",
      "text",
      "int4",
      "text",
      "text",
      "text",
      "text",
      "text",
      "text",
    ],
    rows: () => quoteRows(fill),
  };
}

/** The leads, with the probes the timings search for. */
function* quoteRows({ random, at, leadIds, leadTimes }: Fill) {
  // Names from the demo's lists, random mobile numbers, and the statuses and request types
  // the leads screen filters on, so its search, filters and board have real work to do.
  for (let i = 0; i < counts.leads; i++) {
    const id = crypto.randomUUID();
    const created = at();
    leadIds.push(id);
    leadTimes.push(Date.parse(created));
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const phone = `04${random.int(10, 99)} ${random.int(100, 999)} ${random.int(100, 999)}`;
    const type = random.weighted([
      ["residential", 60],
      ["commercial", 25],
      ["post-construction", 10],
      ["subscription", 5],
    ] as const);
    const unpriced = type === "post-construction" || type === "subscription";
    const leadStatus = random.weighted([
      ["new", 30],
      ["contacted", 20],
      ["qualified", 15],
      ["booked", 25],
      ["lost", 10],
    ] as const);
    const status =
      unpriced && leadStatus === "new"
        ? "pending_quote"
        : random.weighted([
            ["pending", 60],
            ["assigned", 15],
            ["completed", 15],
            ["cancelled", 10],
          ] as const);
    if (i === Math.floor(counts.leads / 2)) {
      leadProbes.name = name;
      leadProbes.phoneDigits = phone.replace(/\D/g, "").slice(3, 7);
    }
    yield [
      id,
      `HG-B${i}`,
      name,
      `${name.toLowerCase().replace(/\W+/g, ".")}.${i}@bench.example`,
      phone,
      type,
      "{}",
      unpriced && status === "pending_quote" ? null : random.int(8_000, 60_000),
      status,
      leadStatus,
      "website",
      created,
      created,
      random.chance(0.02) ? created : null,
    ];
  }
  // A cursor three quarters of the way down the list, newest first.
  const order = leadIds
    .map((id, k) => ({ id, at: new Date(leadTimes[k]!).toISOString() }))
    .sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
  const deep = order[Math.floor(order.length * 0.75)]!;
  leadProbes.deepCursor = { createdAt: deep.at, id: deep.id };
}

function bookingsTable({ random, leadIds, leadTimes }: Fill): Table {
  return {
    name: "bookings",
    columns: [
      "id",
      "reference",
      "quote_id",
      "scheduled_date",
      "time_slot",
      "address",
      "status",
      "price_cents",
      "created_at",
      "updated_at",
    ],
    types: ["text", "text", "text", "text", "text", "text", "text", "int4", "text", "text"],
    *rows() {
      // 30% of leads are booked, within three days of the lead (and never after now).
      for (let i = 0; i < leadIds.length; i++) {
        if (!random.chance(0.3)) continue;
        const created = leadTimes[i]! + random.next() * 3 * DAY_MS;
        if (created >= now.getTime()) continue;
        const iso = new Date(created).toISOString();
        yield [
          crypto.randomUUID(),
          `HG-BK${i}`,
          leadIds[i],
          iso.slice(0, 10),
          "09:00",
          "1 Bench St",
          "confirmed",
          random.int(8_000, 60_000),
          iso,
          iso,
        ];
      }
    },
  };
}

function transactionsTable({ random, at }: Fill): Table {
  return {
    name: "transactions",
    columns: [
      "id",
      "reference_id",
      "description",
      "type",
      "amount_cents",
      "category",
      "status",
      "created_at",
      "sydney_date",
    ],
    types: ["text", "text", "text", "text", "int4", "text", "text", "text", "text"],
    *rows() {
      for (let i = 0; i < counts.transactions; i++) {
        const type = random.weighted([
          ["payment", 70],
          ["payout", 22],
          ["refund", 8],
        ] as const);
        const category = type === "payout" ? null : random.weighted(CATEGORIES);
        const status = random.weighted([
          ["completed", 90],
          ["pending", 7],
          ["failed", 3],
        ] as const);
        const created = at();
        yield [
          crypto.randomUUID(),
          `HG-T${i}`,
          `${type} ${i}`,
          type,
          random.int(8_000, 60_000),
          category,
          status,
          created,
          sydneyDateOf(created),
        ];
      }
    },
  };
}

function* batches(rows: Iterable<unknown[]>, size: number) {
  let batch: unknown[][] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

// ---------------------------------------------------------------------------------------------
// Loading: multi-row prepared inserts on SQLite, unnest() of column arrays on PostgreSQL.

// Secondary indexes are dropped for the load and made again after it, from their own stored
// definitions (the migrations' indexes, exactly): building an index from sorted rows is many times
// faster than keeping seven of them up to date through a million random inserts.
const LOADED_TABLES = ["cleaners", "audit_log", "quotes", "bookings", "transactions"];
// The lead count triggers look a quote's bookings up through this one: it stays.
const KEPT_INDEXES = ["bookings_quote_idx"];

function seedSqlite(file: string) {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -512000");
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
       and sql not like 'CREATE UNIQUE%' and tbl_name in (${LOADED_TABLES.map(() => "?").join(", ")})
       and name not in (${KEPT_INDEXES.map(() => "?").join(", ")})`,
    )
    .all(...LOADED_TABLES, ...KEPT_INDEXES) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`drop index ${index.name}`);

  const SIZE = 500;
  for (const table of tables()) {
    const one = `(${table.columns.map(() => "?").join(", ")})`;
    const sqlFor = (n: number) =>
      `insert into ${table.name} (${table.columns.join(", ")}) values ${Array(n).fill(one).join(", ")}`;
    const full = db.prepare(sqlFor(SIZE));
    // One transaction per 100,000 rows keeps the WAL small.
    const flush = db.transaction((group: unknown[][][]) => {
      for (const batch of group) {
        (batch.length === SIZE ? full : db.prepare(sqlFor(batch.length))).run(batch.flat());
      }
    });
    let pending: unknown[][][] = [];
    for (const batch of batches(table.rows(), SIZE)) {
      pending.push(batch);
      if (pending.length === 200) {
        flush(pending);
        pending = [];
      }
    }
    flush(pending);
  }
  for (const index of indexes) db.exec(index.sql);
  db.exec("analyze");
  db.close();
}

async function seedPostgres(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = $1 and tablename = any($2) and indexdef not like 'CREATE UNIQUE%'
       and indexname <> all($3)`,
      [schema, LOADED_TABLES, KEPT_INDEXES],
    );
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    // The board totals' trigger upserts the same hundred rows for every quote; within one big
    // insert PostgreSQL keeps every version of them, so the load slows as it goes. Off for the
    // load, and the totals are summed once after it (what the migration does for old rows).
    await client.query("alter table quotes disable trigger lead_board_totals_quotes");
    for (const table of tables()) {
      await client.query("begin");
      const arrays = table.types.map((type, i) => `$${i + 1}::${type}[]`).join(", ");
      const text = `insert into ${table.name} (${table.columns.join(", ")}) select * from unnest(${arrays})`;
      for (const batch of batches(table.rows(), 20_000)) {
        await client.query(
          text,
          table.columns.map((_, c) => batch.map((row) => row[c])),
        );
      }
      await client.query("commit");
    }
    await client.query("alter table quotes enable trigger lead_board_totals_quotes");
    await client.query(
      `insert into lead_board_totals (lead_status, status, service_type, leads, total_cents)
       select lead_status, status, service_type, count(*), coalesce(sum(total_cents), 0)
       from quotes where deleted_at is null group by lead_status, status, service_type`,
    );
    await client.query("set maintenance_work_mem = '512MB'");
    for (const index of indexes) await client.query(index.definition);
    // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
    // the dashboard's sums read the indexes alone.
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Timing

type Result = { dialect: string; period: number; median: number; p95: number; max: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(dialect: string, database: AppDatabase): Promise<Result[]> {
  const results: Result[] = [];
  for (const period of DASHBOARD_PERIODS) {
    // Two warm-up calls: the first reads pages from disk, as a server's first request would.
    for (let i = 0; i < 2; i++) await getDashboard(database.db, { periodDays: period, now });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await getDashboard(database.db, { periodDays: period, now });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({
      dialect,
      period,
      median: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
    });
    const last = results.at(-1)!;
    console.log(
      `${dialect}, ${period} days: median ${last.median.toFixed(1)} ms, p95 ${last.p95.toFixed(1)} ms`,
    );
  }
  return results;
}

async function withClock<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const results: Result[] = [];
const leadResults: LeadTiming[] = [];
const financeResults: FinanceResult[] = [];
console.log(
  `Admin dashboard benchmark, scale ${scale}: ${counts.transactions.toLocaleString("en-AU")} transactions, ` +
    `${counts.leads.toLocaleString("en-AU")} leads, ${counts.cleaners.toLocaleString("en-AU")} cleaners over ${SPAN_DAYS} days; ${runs} runs per period.`,
);

if (args.only !== "postgres") {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-"));
  const file = path.join(dir, "bench.db");
  try {
    const migrated = createDatabase(file);
    await migrateToLatest(migrated.db);
    await migrated.close();
    await withClock("SQLite seeded", () => seedSqlite(file));
    const database = createDatabase(file);
    await withClock("SQLite rollups built", () => rebuildDailyRollups(database.db));
    if (suite !== "leads") {
      results.push(...(await time("SQLite", database)));
      financeResults.push(...(await timeFinance("SQLite", database, { url: file, now, runs })));
    }
    if (suite !== "dashboard")
      leadResults.push(...(await timeLeads("SQLite", database, leadProbes, runs)));
    await database.close();
  } finally {
    if (args.keep) console.log(`SQLite file kept: ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (args.only !== "sqlite") {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const database = createDatabase(url, { schema });
    await migrateToLatest(database.db);
    await withClock("PostgreSQL seeded", () => seedPostgres(url, schema));
    await withClock("PostgreSQL rollups built", () => rebuildDailyRollups(database.db));
    if (suite !== "leads") {
      results.push(...(await time("PostgreSQL", database)));
      financeResults.push(
        ...(await timeFinance("PostgreSQL", database, { url, schema, now, runs })),
      );
    }
    if (suite !== "dashboard") {
      leadResults.push(...(await timeLeads("PostgreSQL", database, leadProbes, runs)));
    }
    await database.close();
  } finally {
    if (args.keep) console.log(`PostgreSQL schema kept: ${schema}`);
    else await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

// The machine's load while timing: other processes skew the figures.
const loadAverage = (await readFile("/proc/loadavg", "utf8").catch(() => "n/a")).trim();
console.log(`\nLoad average (1, 5, 15 min) after timing: ${loadAverage}`);
if (suite !== "dashboard") printLeadTimings(leadResults);
if (suite !== "leads") printDashboardTimings(results);

function printDashboardTimings(results: Result[]) {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(`\n| Database   | Period  |     Median |        p95 |        Max |`);
  console.log(`|------------|---------|------------|------------|------------|`);
  for (const r of results) {
    console.log(
      `| ${r.dialect.padEnd(10)} | ${`${r.period} days`.padEnd(7)} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} |`,
    );
  }
  const slow = results.filter((r) => r.p95 >= 150);
  console.log(
    slow.length === 0
      ? "\nEvery p95 is under the 150 ms target."
      : `\n${slow.length} p95 figure(s) at or over the 150 ms target.`,
  );
}
if (suite !== "leads") printFinanceResults(financeResults);

if (suite === "all") {
  printDirectoryResults(await benchCleanerDirectory({ runs, only: args.only }));
}
