// npm run bench:admin-lists [-- --scale 10] [--runs 200] [--only sqlite|postgres] [--keep]
//   [--sqlite FILE] [--postgres URL] [--json FILE] [--case-seconds 20] [--cases TEXT]
//
// Every admin list and board at --scale times the admin benchmark's business (default 10:
// 5,000 cleaners, 2,000,000 leads, 600,000 bookings with their payments and offers, 10,000,000
// ledger rows, 200,000 contact messages, 4,000,000 outbox messages and their tries, 1,420,000
// audit entries; admin-lists-data.ts). Seeds a fresh SQLite file and a fresh PostgreSQL
// database (made beside the one TEST_DATABASE_URL names, default
// postgres://postgres@127.0.0.1:5432/test, and dropped after unless --keep), then calls each
// list's service as its loader does (admin-lists-cases.ts): two warm-up calls, then --runs
// timed calls (fewer if a case has taken --case-seconds), and prints the median, p95 and max of
// each. Target: p95 under 50 ms.
// --sqlite FILE / --postgres URL time a database a --keep run left (migrated to the latest
// first, so a new migration's indexes are timed on the same rows); --cases TEXT times only the
// cases whose screen and name hold TEXT; --json FILE writes the results.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createDatabase, migrateToLatest, type AppDatabase } from "~/server/db.server";
import { countsAt, type Counts } from "./admin-lists-data";
import { adminListCases } from "./admin-lists-cases";
import { seedPostgres, seedSqlite } from "./admin-lists-seed";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "10" },
    runs: { type: "string", default: "200" },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
    sqlite: { type: "string" },
    postgres: { type: "string" },
    json: { type: "string" },
    // A case this slow stops early: 200 calls of a 2-second list say no more than 10 do.
    "case-seconds": { type: "string", default: "20" },
    // Only the cases whose screen and name hold this text (say "deliveries" or "audit log").
    cases: { type: "string" },
  },
});
const scale = Number(args.scale);
const runs = Number(args.runs);
if (!(scale > 0) || !(runs > 0)) throw new Error("--scale and --runs must be positive numbers");
const counts = countsAt(scale);
const now = new Date();
const TARGET_MS = 50;
const caseBudgetMs = Number(args["case-seconds"]) * 1000;

type Timing = {
  database: string;
  screen: string;
  label: string;
  runs: number;
  median: number;
  p95: number;
  max: number;
};

const loadAverage = async () =>
  (await readFile("/proc/loadavg", "utf8").catch(() => "n/a")).split(" ").slice(0, 3).join(" ");

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timeAll(name: string, database: AppDatabase, counts: Counts) {
  const results: Timing[] = [];
  const wanted = (screen: string, label: string) =>
    !args.cases || `${screen}, ${label}`.toLowerCase().includes(args.cases.toLowerCase());
  for (const { screen, label, run } of await adminListCases(database.db, counts, now)) {
    if (!wanted(screen, label)) continue;
    // Two warm-up calls: the first reads pages from disk, as a server's first request would.
    for (let i = 0; i < 2; i++) await run();
    const times: number[] = [];
    const caseStarted = performance.now();
    for (let i = 0; i < runs && performance.now() - caseStarted < caseBudgetMs; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const timing = {
      database: name,
      screen,
      label,
      runs: times.length,
      median: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
    };
    results.push(timing);
    console.log(
      `${name}, ${screen}, ${label}: median ${timing.median.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms (${times.length} runs)`,
    );
  }
  return results;
}

async function onSqlite(): Promise<Timing[]> {
  if (args.sqlite) {
    const database = createDatabase(args.sqlite);
    try {
      await migrateToLatest(database.db);
      return await timeAll("SQLite", database, counts);
    } finally {
      await database.close();
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-lists-"));
  const file = path.join(dir, "bench.db");
  try {
    const database = createDatabase(file);
    try {
      await migrateToLatest(database.db);
      await seedSqlite(file, database, counts, now);
      return await timeAll("SQLite", database, counts);
    } finally {
      await database.close();
    }
  } finally {
    if (args.keep) console.log(`SQLite file kept: ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Timing[]> {
  if (args.postgres) {
    const database = createDatabase(args.postgres);
    try {
      await migrateToLatest(database.db);
      return await timeAll("PostgreSQL", database, counts);
    } finally {
      await database.close();
    }
  }
  const server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `hg_bench_lists_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const database = createDatabase(url.toString());
    try {
      await migrateToLatest(database.db);
      await seedPostgres(url.toString(), database, counts, now);
      return await timeAll("PostgreSQL", database, counts);
    } finally {
      await database.close();
    }
  } finally {
    // Only the database this run made is ever dropped.
    if (args.keep) console.log(`PostgreSQL database kept: ${url.toString()}`);
    else await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

console.log(
  `Admin lists at scale ${scale}: ${counts.cleaners.toLocaleString("en-AU")} cleaners, ` +
    `${counts.leads.toLocaleString("en-AU")} leads, ${counts.transactions.toLocaleString("en-AU")} ledger rows, ` +
    `${counts.contactMessages.toLocaleString("en-AU")} contact messages; ${runs} runs a case. ` +
    `Load average at the start: ${await loadAverage()}`,
);
const results: Timing[] = [];
// A database named on the command line is the only one timed, unless both are named.
const named = args.sqlite || args.postgres;
const only =
  args.only ??
  (named && !(args.sqlite && args.postgres) ? (args.sqlite ? "sqlite" : "postgres") : undefined);
if (only !== "postgres") results.push(...(await onSqlite()));
if (only !== "sqlite") results.push(...(await onPostgres()));
const loadAtEnd = await loadAverage();

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
console.log(
  `\n| Database   | Screen           | Case                           | Runs |    Median |       p95 |       Max |`,
);
console.log(
  `|------------|------------------|--------------------------------|------|-----------|-----------|-----------|`,
);
for (const r of results) {
  console.log(
    `| ${r.database.padEnd(10)} | ${r.screen.padEnd(16)} | ${r.label.padEnd(30)} | ${String(r.runs).padStart(4)} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} |`,
  );
}
const slow = results.filter((r) => r.p95 >= TARGET_MS);
console.log(
  slow.length === 0
    ? `\nEvery p95 is under the ${TARGET_MS} ms target. Load average at the end: ${loadAtEnd}`
    : `\n${slow.length} p95 figure(s) at or over the ${TARGET_MS} ms target. Load average at the end: ${loadAtEnd}`,
);
if (args.json) writeFileSync(args.json, JSON.stringify({ scale, runs, results }, null, 2));
