// npm run bench:dispatch-board [-- --runs 50] [--only sqlite|postgres] [--keep]
//
// Times the dispatch board's read model (getDispatchBoard, as the /admin/dispatch loader calls it
// for a week) on a busy year: 200 cleaners (a few offline or suspended), 20,000 confirmed jobs
// spread over the 52 weeks from today, most with an accepted or pending offer and some needing
// two cleaners, and 600 spells of time off. Seeds a fresh SQLite file, and a fresh PostgreSQL
// schema when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL names a server; reports the
// median and p95 of --runs loads of random weeks, for owners (with week hours) and staff.
// Target: p95 under 50 ms.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createRandom } from "~/features/demo-data/random";
import { getDispatchBoard } from "~/features/dispatch/dispatch.service.server";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { CleanerStatus } from "~/server/database";
import { createDatabase, migrateToLatest, type AppDatabase } from "~/server/db.server";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "50" },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
if (!(runs > 0)) throw new Error("--runs must be a positive number");

const COUNTS = { cleaners: 200, jobs: 20_000, timeOff: 600 };
const now = new Date();
const today = sydneyDate(now);
const at = now.toISOString();
const EVERY_DAY = '["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]';
const SUBURBS = ["Bondi", "Manly", "Mosman", "Newtown", "Parramatta", "Chatswood", "Coogee"];

/** Rows in slices of 500, one insert each. */
function* batches<Row>(rows: Row[]) {
  for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500);
}

function cleanerRows() {
  return Array.from({ length: COUNTS.cleaners }, (_, i) => {
    const status: CleanerStatus =
      i % 40 === 0 ? "suspended" : i % 25 === 0 ? "offline" : "available";
    return {
      id: `bench-cleaner-${i}`,
      name: `Cleaner ${String(i).padStart(3, "0")}`,
      email: `cleaner-${i}@bench.example`,
      phone: "0491 570 157",
      services: '["Residential"]',
      availability: EVERY_DAY,
      languages: '["English"]',
      specialties: "[]",
      status,
      rating: 4.5,
      active_bookings: 0,
      completed_jobs: 0,
      has_abn: 0,
      has_transport: 0,
      source: "admin" as const,
      police_check_expires_on: "2099-12-31",
      created_at: at,
      updated_at: at,
    };
  });
}

type Random = ReturnType<typeof createRandom>;

/** Job `i`: its lead and its booking, on a random day of the year and slot. */
function jobRows(random: Random, i: number) {
  const crew = random.chance(0.2) ? 2 : 1;
  const date = addDays(today, random.int(0, 364));
  const quote = {
    id: `bench-quote-${i}`,
    reference: `HG-B${String(i).padStart(7, "0")}`,
    client_name: `Client ${i}`,
    client_email: `client-${i}@bench.example`,
    client_phone: null,
    customer_id: null,
    service_type: "residential" as const,
    space_details: '{"type":"house","bedrooms":3,"bathrooms":2}',
    cleaning_level: "deep" as const,
    estimated_hours: 3 * crew,
    cleaners_needed: crew,
    hourly_rate_cents: 5000,
    total_cents: 15000 * crew,
    status: "pending_payment" as const,
    lead_status: "booked" as const,
    scheduled_date: date,
    notes: null,
    preferred_cleaner_id: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    staff_notes: null,
  };
  const booking = {
    id: `bench-booking-${i}`,
    reference: `BK-B${String(i).padStart(7, "0")}`,
    quote_id: quote.id,
    customer_id: null,
    scheduled_date: date,
    time_slot: random.pick(TIME_SLOTS),
    address: `${i} Main Road`,
    suburb: random.pick(SUBURBS),
    postcode: "2000",
    lat: null,
    lng: null,
    status: "confirmed" as const,
    price_cents: 15000 * crew,
    discount_cents: 0,
    created_at: at,
    updated_at: at,
    completed_at: null,
    cancelled_at: null,
    cancelled_by: null,
    hold_until: null,
    pay_on_the_day: 0,
    crew_size: crew,
  };
  return { quote, booking, offers: offerRows(random, booking) };
}

/** Most seats are offered, mostly accepted, some still waiting; a tenth are left open. */
function offerRows(
  random: Random,
  booking: {
    id: string;
    quote_id: string;
    scheduled_date: string;
    time_slot: string;
    crew_size: number;
  },
) {
  const offers = [];
  for (let seat = 1; seat <= booking.crew_size; seat++) {
    if (random.chance(0.1)) continue;
    offers.push({
      id: `${booking.id}-offer-${seat}`,
      quote_id: booking.quote_id,
      booking_id: booking.id,
      cleaner_id: `bench-cleaner-${random.int(0, COUNTS.cleaners - 1)}`,
      scheduled_date: booking.scheduled_date,
      time_slot: booking.time_slot,
      status: random.chance(0.8) ? ("accepted" as const) : ("pending" as const),
      response_deadline: at,
      token_hash: `${booking.id}-${seat}`,
      responded_at: null,
      previous_quote_status: null,
      seat,
      created_by: null,
      created_at: at,
      updated_at: at,
    });
  }
  return offers;
}

function timeOffRows(random: Random) {
  return Array.from({ length: COUNTS.timeOff }, (_, i) => {
    const starts = addDays(today, random.int(0, 360));
    return {
      id: `bench-off-${i}`,
      cleaner_id: `bench-cleaner-${random.int(0, COUNTS.cleaners - 1)}`,
      starts_on: starts,
      ends_on: addDays(starts, random.int(0, 6)),
      created_by: null,
      created_at: at,
    };
  });
}

/** The year's data; answers how many offers it holds. */
async function seed(database: AppDatabase) {
  const { db } = database;
  const random = createRandom(20261126);
  for (const batch of batches(cleanerRows()))
    await db.insertInto("cleaners").values(batch).execute();
  const jobs = Array.from({ length: COUNTS.jobs }, (_, i) => jobRows(random, i));
  const offers = jobs.flatMap((job) => job.offers);
  for (const batch of batches(jobs.map((job) => job.quote))) {
    await db.insertInto("quotes").values(batch).execute();
  }
  for (const batch of batches(jobs.map((job) => job.booking))) {
    await db.insertInto("bookings").values(batch).execute();
  }
  for (const batch of batches(offers)) await db.insertInto("assignments").values(batch).execute();
  for (const batch of batches(timeOffRows(random))) {
    await db.insertInto("cleaner_time_off").values(batch).execute();
  }
  return offers.length;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Timing = { dialect: string; label: string; median: number; p95: number; max: number };

async function time(dialect: string, database: AppDatabase): Promise<Timing[]> {
  const random = createRandom(7);
  const results: Timing[] = [];
  for (const [label, showsHours] of [
    ["week, owner (with hours)", true],
    ["week, staff", false],
  ] as const) {
    const load = () =>
      getDispatchBoard(database.db, {
        view: "week",
        date: addDays(today, random.int(0, 358)),
        now,
        showsHours,
      });
    for (let i = 0; i < 5; i++) await load();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await load();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({
      dialect,
      label,
      median: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
    });
  }
  return results;
}

const results: Timing[] = [];
if (args.only !== "postgres") {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-dispatch-"));
  try {
    const database = createDatabase(path.join(dir, "bench.db"));
    await migrateToLatest(database.db);
    const offers = await seed(database);
    console.log(`SQLite seeded: ${COUNTS.jobs} jobs, ${offers} offers (${dir})`);
    results.push(...(await time("SQLite", database)));
    await database.close();
  } finally {
    if (!args.keep) rmSync(dir, { recursive: true, force: true });
  }
}
const url =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (args.only !== "sqlite" && url?.startsWith("postgres")) {
  const schema = `bench_dispatch_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const database = createDatabase(url, { schema });
    await migrateToLatest(database.db);
    const offers = await seed(database);
    await admin.query(
      `analyze ${schema}.cleaners, ${schema}.quotes, ${schema}.bookings, ${schema}.assignments, ${schema}.cleaner_time_off`,
    );
    console.log(`PostgreSQL seeded: ${COUNTS.jobs} jobs, ${offers} offers (schema ${schema})`);
    results.push(...(await time("PostgreSQL", database)));
    await database.close();
  } finally {
    if (!args.keep) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
console.log(`\nDispatch board, a week (getDispatchBoard), ${runs} runs, target p95 < 50 ms:\n`);
console.log("| Database   | Case                     |    Median |       p95 |       Max |");
console.log("|------------|--------------------------|-----------|-----------|-----------|");
for (const r of results) {
  console.log(
    `| ${r.dialect.padEnd(10)} | ${r.label.padEnd(24)} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} |`,
  );
}
const slow = results.filter((r) => r.p95 >= 50);
console.log(
  slow.length === 0
    ? "\nEvery p95 is under the 50 ms target."
    : `\n${slow.length} p95 figure(s) at or over the 50 ms target.`,
);
