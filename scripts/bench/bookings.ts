// npm run bench:bookings: booking creation over real HTTP against the built server.
// Starts build/server.js (run `npm run build` first) with RATE_LIMITS=off on a fresh SQLite
// database, or on a fresh PostgreSQL database with `--pg` (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, names the server; a database is made and dropped).
// Quotes are made first through POST /api/v1/quotes (and, before the timed part, the worker is
// left to send what they queued), then (booking-race.ts):
// 1. The race: every cleaner but three crews' worth takes the race's date off, and 100 customers
//    book its 09:00 at concurrency 20. Exactly 3 must be stored, every other answer "slot full"
//    (409): a slot's room is the crews free for it, not a fixed number.
// 2. Throughput: BENCH_BOOKINGS (default 2000) bookings at concurrency BENCH_CONNECTIONS (10),
//    as many a day as the run's own cleaners make crews, so none is refused; prints bookings/s
//    with p50 and p99.
// 3. Payments: each booking of step 2 paid once with the test card.
// First, with the same number of connections, it measures the durable floor (durable-floor.ts: a
// bare node:http server and one FULL-sync SQLite insert a request) and prints bookings and
// payments a second as ratios of it.
// Each booking is the form post a browser without JavaScript makes (POST /booking?ref=…), answered
// with a redirect to its success page; the worker in the same process writes the confirmation
// emails to files and skips the webhooks (no target), as a site without SMTP would.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AppDatabase } from "~/server/db.server";
import { startBenchServer } from "./bench-server";
import {
  bookThroughput,
  CREWS_LEFT,
  RACERS,
  raceForLastCrews,
  withBenchDatabase,
  type Answer,
} from "./booking-race";
import { measureFloor } from "./durable-floor";
import { benchPaymentConfirmations } from "./payment-confirmation";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");
const usePostgres = process.argv.includes("--pg") || process.env.BENCH_DB === "postgres";
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FLOOR_SECONDS = Number(process.env.BENCH_DURATION ?? 20);

/** "0.123 of the floor", the form bench:quotes prints. */
const ofFloor = (perSecond: number, floorPerSecond: number) =>
  `${(perSecond / floorPerSecond).toFixed(3)} of the floor`;

/** Paying them: each booking once with the test card, as the payment page posts it. */
async function payBookings(baseUrl: string, ok: Answer[], floorPerSecond: number) {
  const bookingRefs = ok.map((a) => new URL(a.location!, baseUrl).searchParams.get("ref")!);
  const payments = await benchPaymentConfirmations({
    baseUrl,
    references: bookingRefs,
    concurrency: CONNECTIONS,
  });
  console.log(
    `payments: ${payments.requests} test-card confirmations, ${CONNECTIONS} connections: ` +
      `${payments.perSecond} /s (${ofFloor(payments.perSecond, floorPerSecond)}), ` +
      `p50 ${payments.p50Ms} ms, p99 ${payments.p99Ms} ms, ${payments.failed} not paid`,
  );
  return payments.failed === 0;
}

async function runBenchmarks(baseUrl: string, database: AppDatabase, floorPerSecond: number) {
  console.log(
    `Bookings on ${usePostgres ? "PostgreSQL" : "SQLite"}, ${os.cpus().length} CPUs, ` +
      `Node ${process.version}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
  );
  const race = await raceForLastCrews([baseUrl], database);
  console.log(
    `race: ${RACERS} customers for the last ${CREWS_LEFT} crews: ${race.line}` +
      (race.ok ? "  OK" : "  FAILED"),
  );
  const run = await bookThroughput([baseUrl], database, {
    bookings: BOOKINGS,
    connections: CONNECTIONS,
  });
  console.log(
    `throughput: ${BOOKINGS} bookings, ${CONNECTIONS} connections: ` +
      `${run.perSecond.toFixed(0)} bookings/s (${ofFloor(run.perSecond, floorPerSecond)}), ` +
      `p50 ${run.p50.toFixed(1)} ms, ` +
      `p99 ${run.p99.toFixed(1)} ms, ${run.notBooked} not booked`,
  );
  const paidOk = await payBookings(baseUrl, run.ok, floorPerSecond);
  return race.ok && run.notBooked === 0 && paidOk;
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  const floor = await measureFloor({ connections: CONNECTIONS, duration: FLOOR_SECONDS });
  const floorPerSecond = floor.result.requests.average;
  console.log(
    `floor: node:http + 1 FULL-sync SQLite insert, ${CONNECTIONS} connections, ` +
      `${FLOOR_SECONDS} s: ${floorPerSecond.toFixed(0)} /s, p99 ${floor.result.latency.p99} ms`,
  );
  await withBenchDatabase(usePostgres ? PG_URL : null, async (databaseUrl, database) => {
    const server = await startBenchServer(serverEntry, {
      cwd: root,
      name: "bookings",
      env: {
        LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
        WEBHOOK_PRODUCTION_URL: "",
        WEBHOOK_TEST_URL: "",
        SMTP_URL: "",
        DATABASE_URL: databaseUrl,
        PAYMENTS_MODE: "test",
      },
      pipeStdout: true,
    });
    let passed = false;
    try {
      passed = await runBenchmarks(server.baseUrl, database, floorPerSecond);
    } finally {
      await server.stop();
    }
    if (!passed) process.exitCode = 1;
  });
}

await main();
