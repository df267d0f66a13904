// npm run bench:bookings: booking creation over real HTTP against the built server.
// Starts build/server.js (run `npm run build` first) with RATE_LIMITS=off on a fresh SQLite
// database, or on a fresh PostgreSQL database with `--pg` (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, names the server; a database is made and dropped).
// Quotes are made first through POST /api/v1/quotes (and, before the timed part, the worker is
// left to send what they queued), then:
// 1. The race: 100 customers book the same date and slot (capacity 3, the default) at
//    concurrency 20. Exactly 3 must be stored, and every other answer must be "slot full" (409).
// 2. Throughput: BENCH_BOOKINGS (default 2000) bookings at concurrency BENCH_CONNECTIONS (10),
//    spread over dates and slots so none is full; prints bookings/s with p50 and p99.
// Each booking is the form post a browser without JavaScript makes (POST /booking?ref=…), answered
// with a redirect to its success page; the worker in the same process writes the confirmation
// emails to files and skips the webhooks (no target), as a site without SMTP would.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import SQLite from "better-sqlite3";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startBenchServer } from "./bench-server";
import { benchPaymentConfirmations } from "./payment-confirmation";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "build", "server.js");
const usePostgres = process.argv.includes("--pg") || process.env.BENCH_DB === "postgres";
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RACERS = 100;
const RACE_CONCURRENCY = 20;
const CAPACITY = 3;
/** The first day the bench books: past the demo data (bookings are taken up to 365 days ahead). */
const FREE_FROM_DAYS = 180;
const SLOTS = ["08:00", "09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"];

function quoteBody(n: number) {
  return JSON.stringify({
    serviceType: "residential",
    spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2, address: "Mosman NSW 2088" },
    cleaningLevel: "deep",
    preferences: { timePreference: "morning" },
    conditions: { dirtLevel: "normal" },
    photosWaived: true,
    leadInfo: {
      name: `Bench Customer ${n}`,
      email: `bench${n}@example.com`,
      phone: "0412 345 678",
    },
  });
}

/** Sydney's date `days` after today, YYYY-MM-DD. */
function sydneyDatePlus(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
    new Date(),
  );
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Runs `work` for each item with at most `concurrency` in flight. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

async function makeQuotes(baseUrl: string, count: number, offset: number) {
  const numbers = Array.from({ length: count }, (_, i) => offset + i);
  return pool(numbers, 10, async (n) => {
    const response = await fetch(`${baseUrl}/api/v1/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: quoteBody(n),
    });
    if (response.status !== 201) throw new Error(`quote ${n}: HTTP ${response.status}`);
    return ((await response.json()) as { reference: string }).reference;
  });
}

type Answer = { status: number; ms: number; location: string | null };

async function book(baseUrl: string, reference: string, date: string, slot: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/booking?ref=${encodeURIComponent(reference)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      date,
      timeSlot: slot,
      address: "1 Military Road",
      suburb: "Mosman NSW 2088",
    }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const answer: Answer = {
    status: response.status,
    ms: performance.now() - started,
    location: response.headers.get("location"),
  };
  return answer;
}

const booked = (a: Answer) =>
  a.status === 302 && Boolean(a.location?.startsWith("/booking-success"));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One count from the server's database: `sql` with ? placeholders. */
type Count = (sql: string, params?: string[]) => Promise<number>;

/**
 * A fresh database for the server and a way to count in it: an SQLite file in a temporary
 * folder, or a PostgreSQL database made for the run and dropped after it.
 */
async function withDatabase(run: (url: string, count: Count) => Promise<void>) {
  if (!usePostgres) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-bookings-db-"));
    const file = path.join(dir, "bench.db");
    try {
      await run(file, async (sql, params = []) => {
        const db = new SQLite(file, { readonly: true });
        try {
          return Number((db.prepare(sql).get(...params) as { n: number }).n);
        } finally {
          db.close();
        }
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const name = `hg_bench_bookings_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    await run(url.toString(), async (sql, params = []) => {
      const reader = new pg.Client({ connectionString: url.toString() });
      await reader.connect();
      try {
        let n = 0;
        const result = await reader.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return Number(result.rows[0].n);
      } finally {
        await reader.end();
      }
    });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const STORED_IN_SLOT =
  "select count(*) as n from bookings where scheduled_date = ? and time_slot = ? and status <> 'cancelled'";
const UNSENT =
  "select count(*) as n from outbox_messages where kind in ('webhook', 'email') and status in ('pending', 'retrying')";

/** Waits until the worker has sent what the quotes queued, so the timing is the bookings' own. */
async function drainOutbox(count: Count) {
  const until = Date.now() + 10 * 60_000;
  while ((await count(UNSENT)) > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** 1. The race for one slot: exactly CAPACITY customers win it, the rest are told it is full. */
async function raceForOneSlot(baseUrl: string, count: Count) {
  const racers = await makeQuotes(baseUrl, RACERS, 0);
  // Far enough ahead that the demo data seeded at start has no bookings there.
  const raceDate = sydneyDatePlus(FREE_FROM_DAYS - 1);
  const raceSlot = "09:00";
  const race = await pool(racers, RACE_CONCURRENCY, (ref) =>
    book(baseUrl, ref, raceDate, raceSlot),
  );
  const won = race.filter(booked).length;
  const toldFull = race.filter((a) => a.status === 409).length;
  const other = race.length - won - toldFull;
  const stored = await count(STORED_IN_SLOT, [raceDate, raceSlot]);
  const raceOk =
    won === CAPACITY && toldFull === RACERS - CAPACITY && other === 0 && stored === CAPACITY;
  console.log(
    `race: ${RACERS} customers, concurrency ${RACE_CONCURRENCY}, capacity ${CAPACITY}: ` +
      `${won} booked, ${toldFull} told the slot is full, ${other} other answers, ` +
      `${stored} stored` +
      (raceOk ? "  OK" : "  FAILED"),
  );
  return raceOk;
}

/** 2. Throughput, spread so no slot fills: 3 bookings per slot, 8 slots a day. */
async function bookThroughput(baseUrl: string, count: Count) {
  const refs = await makeQuotes(baseUrl, BOOKINGS, RACERS);
  await drainOutbox(count);
  const jobs = refs.map((ref, i) => ({
    ref,
    date: sydneyDatePlus(FREE_FROM_DAYS + Math.floor(i / (SLOTS.length * CAPACITY))),
    slot: SLOTS[i % SLOTS.length]!,
  }));
  const started = performance.now();
  const answers = await pool(jobs, CONNECTIONS, (job) =>
    book(baseUrl, job.ref, job.date, job.slot),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = answers.filter(booked);
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  console.log(
    `throughput: ${answers.length} bookings, ${CONNECTIONS} connections: ` +
      `${(answers.length / seconds).toFixed(0)} bookings/s, ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
      `${answers.length - ok.length} not booked`,
  );
  if (ok.length !== answers.length) logNotBooked(answers);
  return { ok, allBooked: ok.length === answers.length };
}

function logNotBooked(answers: Answer[]) {
  const statuses = new Map<number, number>();
  for (const a of answers.filter((a) => !booked(a))) {
    statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  }
  console.log("not booked, by status:", Object.fromEntries(statuses));
}

/** 3. Paying them: each booking once with the test card, as the payment page posts it. */
async function payBookings(baseUrl: string, ok: Answer[]) {
  const bookingRefs = ok.map((a) => new URL(a.location!, baseUrl).searchParams.get("ref")!);
  const payments = await benchPaymentConfirmations({
    baseUrl,
    references: bookingRefs,
    concurrency: CONNECTIONS,
  });
  console.log(
    `payments: ${payments.requests} test-card confirmations, ${CONNECTIONS} connections: ` +
      `${payments.perSecond} /s, p50 ${payments.p50Ms} ms, p99 ${payments.p99Ms} ms, ` +
      `${payments.failed} not paid`,
  );
  return payments.failed === 0;
}

async function runBenchmarks(baseUrl: string, count: Count) {
  console.log(
    `Bookings on ${usePostgres ? "PostgreSQL" : "SQLite"}, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const raceOk = await raceForOneSlot(baseUrl, count);
  const throughput = await bookThroughput(baseUrl, count);
  const paidOk = await payBookings(baseUrl, throughput.ok);
  return raceOk && throughput.allBooked && paidOk;
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error("build/server.js is missing: run `npm run build`");
  await withDatabase(async (databaseUrl, count) => {
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
      passed = await runBenchmarks(server.baseUrl, count);
    } finally {
      await server.stop();
    }
    if (!passed) process.exitCode = 1;
  });
}

await main();
