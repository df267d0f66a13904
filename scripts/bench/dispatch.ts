// npm run bench:dispatch [-- --runs 100] [--only sqlite|postgres] [--parts reads,race] [--keep]
//
// Who is free, at a busy year's scale (dispatch-seed.ts: 200 cleaners, 20,000 jobs with crews
// of 1 to 5, their holds and offers, 600 spells of time off), on a fresh SQLite file and, when
// BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL names a PostgreSQL server, a fresh
// schema there:
// (a) a month of the booking calendar for a 2-cleaner job of 4 hours on site
//     (monthAvailability, as the slot picker's calendar asks for it), random months;
// (b) the dispatch board's week (getDispatchBoard, as /admin/dispatch loads it), owner and staff;
// then, over real HTTP against the built server (run `npm run build` first; booking-race.ts):
// (c) the race: 100 customers for the last 3 free crews must book exactly 3, on SQLite, on
//     PostgreSQL, and on PostgreSQL with two app processes;
// (d) bookings per second (BENCH_BOOKINGS, default 500, from 10 connections) in the same runs.
// Prints one table, with the load average at the start and end of each part, and for (a) and (b)
// the bench process's CPU per call, which moves far less with the machine's load than the wall
// clock does. Target: p95 under 50 ms for (a) and (b).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { monthAvailability } from "~/features/bookings/bookings.service.server";
import { createRandom } from "~/features/demo-data/random";
import { getDispatchBoard } from "~/features/dispatch/dispatch.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { createDatabase, migrateToLatest, type AppDatabase } from "~/server/db.server";
import { startBenchServer } from "./bench-server";
import { bookThroughput, percentile, raceForLastCrews, withBenchDatabase } from "./booking-race";
import { DISPATCH_COUNTS, seedDispatchYear } from "./dispatch-seed";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "100" },
    only: { type: "string" },
    parts: { type: "string", default: "reads,race" },
    keep: { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
if (!(runs > 0)) throw new Error("--runs must be a positive number");
const parts = new Set(args.parts.split(","));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const postgresUrl = pgUrl?.startsWith("postgres") ? pgUrl : null;
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 500);
const now = new Date();
const today = sydneyDate(now);
/** A quote waiting to be booked: two cleaners, eight hours between them. */
const AVAILABILITY_QUOTE = "HG-BENCHAVAIL";

type Row = { dialect: string; part: string; figures: string; load: string; slow?: boolean };
const rows: Row[] = [];
const load = () => os.loadavg()[0]!.toFixed(1);
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function addAvailabilityQuote(database: AppDatabase) {
  const at = now.toISOString();
  await database.db
    .insertInto("quotes")
    .values({
      id: "bench-availability-quote",
      reference: AVAILABILITY_QUOTE,
      client_name: "Availability Bench",
      client_email: "availability@bench.example",
      client_phone: null,
      customer_id: null,
      service_type: "residential",
      space_details: '{"type":"house","bedrooms":3,"bathrooms":2}',
      cleaning_level: "deep",
      estimated_hours: 8,
      cleaners_needed: 2,
      hourly_rate_cents: 5000,
      total_cents: 40000,
      status: "pending",
      lead_status: "new",
      scheduled_date: null,
      notes: null,
      preferred_cleaner_id: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      staff_notes: null,
    })
    .execute();
}

/** Median, p95 and max of `runs` calls of `call`, after five to warm up. */
async function timeCalls(call: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  // This process's CPU per call: what the call costs here whatever else the machine runs
  // (SQLite's work included; PostgreSQL's is in its own processes).
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    median: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    cpu: (cpu.user + cpu.system) / 1000 / runs,
  };
}

async function timeReads(dialect: string, database: AppDatabase) {
  const random = createRandom(7);
  const month = () => addDays(today, random.int(31, 330)).slice(0, 7);
  const cases: [string, () => Promise<unknown>][] = [
    [
      "(a) month, 2 cleaners x 4 h",
      async () => {
        const answer = await monthAvailability(database.db, AVAILABILITY_QUOTE, month(), now);
        if (!answer) throw new Error("the availability quote is not bookable");
      },
    ],
    ...(["owner", "staff"] as const).map((role): [string, () => Promise<unknown>] => [
      `(b) board week, ${role}`,
      () =>
        getDispatchBoard(database.db, {
          view: "week",
          date: addDays(today, random.int(0, 358)),
          now,
          showsHours: role === "owner",
        }),
    ]),
  ];
  for (const [part, call] of cases) {
    const before = load();
    const t = await timeCalls(call);
    rows.push({
      dialect,
      part,
      figures: `median ${ms(t.median)}, p95 ${ms(t.p95)}, max ${ms(t.max)}; CPU ${ms(t.cpu)}`,
      load: `${before} to ${load()}`,
      slow: t.p95 >= 50,
    });
  }
}

async function seeded(dialect: string, database: AppDatabase) {
  await migrateToLatest(database.db);
  const started = performance.now();
  const counts = await seedDispatchYear(database, now);
  await addAvailabilityQuote(database);
  console.log(
    `${dialect} seeded in ${((performance.now() - started) / 1000).toFixed(0)} s: ` +
      `${DISPATCH_COUNTS.cleaners} cleaners, ${DISPATCH_COUNTS.jobs} jobs, ` +
      `${counts.holds} holds, ${counts.offers} offers`,
  );
}

async function readsOnSqlite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-dispatch-"));
  try {
    const database = createDatabase(path.join(dir, "bench.db"));
    await seeded("SQLite", database);
    await timeReads("SQLite", database);
    await database.close();
  } finally {
    if (args.keep) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

async function readsOnPostgres(url: string) {
  const schema = `bench_dispatch_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const database = createDatabase(url, { schema });
    await seeded("PostgreSQL", database);
    await admin.query(`set search_path = ${schema}`);
    await admin.query("analyze");
    await timeReads("PostgreSQL", database);
    await database.close();
  } finally {
    if (args.keep) console.log(`kept schema ${schema}`);
    else await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

/** (c) and (d) against `processes` built servers sharing one fresh database. */
async function raceOver(dialect: string, url: string | null, processes: number) {
  await withBenchDatabase(url, async (databaseUrl, database) => {
    const servers: Awaited<ReturnType<typeof startBenchServer>>[] = [];
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-dispatch-data-"));
    try {
      // One after the other, as a rolling deploy starts them: the first migrates and seeds.
      for (let i = 0; i < processes; i++) {
        servers.push(
          await startBenchServer(serverEntry, {
            cwd: root,
            name: `dispatch-${i}`,
            env: {
              DATA_DIR: dataDir,
              DATABASE_URL: databaseUrl,
              SESSION_SECRET: "bench-dispatch-session-secret-0123456789abcdef",
              WEBHOOK_PRODUCTION_URL: "",
              WEBHOOK_TEST_URL: "",
              SMTP_URL: "",
            },
            pipeStdout: true,
          }),
        );
      }
      const urls = servers.map((server) => server.baseUrl);
      const label = processes > 1 ? `${dialect}, ${processes} processes` : dialect;
      let before = load();
      const race = await raceForLastCrews(urls, database);
      rows.push({
        dialect: label,
        part: "(c) race, last 3 crews",
        figures: race.line,
        load: `${before} to ${load()}`,
        slow: !race.ok,
      });
      before = load();
      const run = await bookThroughput(urls, database, { bookings: BOOKINGS, connections: 10 });
      rows.push({
        dialect: label,
        part: "(d) bookings per second",
        figures:
          `${run.perSecond.toFixed(0)}/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ` +
          `${run.notBooked} not booked`,
        load: `${before} to ${load()}`,
        slow: run.notBooked > 0,
      });
    } finally {
      for (const server of servers) await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

if (parts.has("reads")) {
  if (args.only !== "postgres") await readsOnSqlite();
  if (args.only !== "sqlite" && postgresUrl) await readsOnPostgres(postgresUrl);
}
if (parts.has("race")) {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  if (args.only !== "postgres") await raceOver("SQLite", null, 1);
  if (args.only !== "sqlite" && postgresUrl) {
    await raceOver("PostgreSQL", postgresUrl, 1);
    await raceOver("PostgreSQL", postgresUrl, 2);
  }
}

console.log(
  `\nDispatch at a year's scale, ${runs} timed calls a read, ${os.cpus().length} CPUs, ` +
    `Node ${process.version}; target p95 < 50 ms for (a) and (b):\n`,
);
console.log("| Database | Part | Figures | Load average |");
console.log("|---|---|---|---|");
for (const r of rows) {
  console.log(`| ${r.dialect} | ${r.part} | ${r.figures}${r.slow ? " (!)" : ""} | ${r.load} |`);
}
const failed = rows.filter((r) => r.slow);
console.log(
  failed.length === 0
    ? "\nEvery read is under its target, and every race was exact."
    : `\n${failed.length} figure(s) marked (!): over the target, an inexact race or a refused booking.`,
);
if (failed.some((r) => r.part.startsWith("(c)") || r.part.startsWith("(d)"))) process.exitCode = 1;
