// What the booking benchmarks (bench:bookings, bench:dispatch) share: quotes made through the
// API, bookings posted as a browser without JavaScript posts the form, a database of their own
// for the built server, and the two measurements. A slot's room is the crews free for it
// (docs/decisions/0060-crews-and-cleaner-holds.md), so both set the cleaners up themselves:
// - the race leaves exactly three crews free on its date, every other cleaner on time off;
// - the throughput run adds cleaners of its own and books no more crews a day than they make.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { slotsWithinHours } from "~/features/bookings/slot-fit";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { createDatabase, type AppDatabase } from "~/server/db.server";

export const RACERS = 100;
const RACE_CONCURRENCY = 20;
/** The crews left free on the race's date: exactly this many customers may win. */
export const CREWS_LEFT = 3;
/** Cleaners the throughput run adds, each working every day. */
const THROUGHPUT_CLEANERS = 60;
/** The first day the bench books: past the demo data (bookings are taken up to 365 days ahead). */
const FREE_FROM_DAYS = 180;
const RACE_SLOT = "09:00";

function quoteBody(n: number) {
  return JSON.stringify({
    serviceType: "residential",
    spaceDetails: { type: "house", bedrooms: 5, bathrooms: 4, address: "Mosman NSW 2088" },
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
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
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

export type Answer = { status: number; ms: number; location: string | null };

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

export const booked = (a: Answer) =>
  a.status === 302 && Boolean(a.location?.startsWith("/booking-success"));

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * A fresh database for the server, and a connection of the bench's own to it: an SQLite file in
 * a temporary folder, or a PostgreSQL database (at `pgUrl`'s server) made for the run and dropped.
 */
export async function withBenchDatabase(
  pgUrl: string | null,
  run: (url: string, database: AppDatabase) => Promise<void>,
) {
  if (!pgUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "hg-bench-bookings-db-"));
    const file = path.join(dir, "bench.db");
    const database = createDatabase(file);
    try {
      await run(file, database);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const name = `hg_bench_bookings_${process.pid}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = Object.assign(new URL(pgUrl), { pathname: `/${name}` }).toString();
  const database = createDatabase(url);
  try {
    await run(url, database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function drainOutbox(database: AppDatabase) {
  const until = Date.now() + 10 * 60_000;
  const unsent = async () => {
    const row = await database.db
      .selectFrom("outbox_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "in", ["webhook", "email"])
      .where("status", "in", ["pending", "retrying"])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  while ((await unsent()) > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The crew size the server gave the bench's quotes (they are all the same job), and the days
 * from `fromDays` ahead on which the business is open for it at 09:00 (closed days refuse it).
 */
async function jobOf(database: AppDatabase, reference: string) {
  const row = await database.db
    .selectFrom("quotes")
    .select(["cleaners_needed", "estimated_hours"])
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  const job = { hours: Number(row.estimated_hours), cleaners: Number(row.cleaners_needed ?? 1) };
  const business = await getBusinessProfile(database.db);
  const openDays = function* (fromDays: number) {
    for (let days = fromDays; days < 365; days++) {
      const date = sydneyDatePlus(days);
      if (slotsWithinHours(date, job, business).includes(RACE_SLOT)) yield date;
    }
  };
  return { crew: Math.max(1, job.cleaners), openDays };
}

/** Adds `count` cleaners named `prefix-N` who work every day and take jobs. */
async function addCleaners(database: AppDatabase, prefix: string, count: number) {
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    name: `Bench ${prefix} ${i}`,
    email: `${prefix}-${i}@bench.example`,
    phone: "0491 570 157",
    services: '["Residential"]',
    availability: '["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]',
    languages: '["English"]',
    specialties: "[]",
    status: "available" as const,
    rating: 4.5,
    active_bookings: 0,
    completed_jobs: 0,
    has_abn: 0,
    has_transport: 0,
    source: "admin" as const,
    police_check_expires_on: "2099-12-31",
    created_at: at,
    updated_at: at,
  }));
  await database.db.insertInto("cleaners").values(rows).execute();
}

/** Every cleaner but those named `prefix-N` takes `date` off. */
async function everyoneElseOff(database: AppDatabase, prefix: string, date: string) {
  const at = new Date().toISOString();
  await sql`
    insert into cleaner_time_off (id, cleaner_id, starts_on, ends_on, created_by, created_at)
    select 'bench-off-' || id, id, ${date}, ${date}, null, ${at} from cleaners
    where id not like ${`${prefix}-%`}
  `.execute(database.db);
}

export type RaceResult = { ok: boolean; line: string };

/**
 * The race for the last crews: every cleaner but CREWS_LEFT crews' worth is off on the date, and
 * RACERS customers book its 09:00. Exactly CREWS_LEFT must be stored, the rest told it is full
 * (409). Requests go round the `baseUrls` (two app processes on one database, say).
 */
export async function raceForLastCrews(
  baseUrls: string[],
  database: AppDatabase,
): Promise<RaceResult> {
  const racers = await makeQuotes(baseUrls[0]!, RACERS, 0);
  const { crew, openDays } = await jobOf(database, racers[0]!);
  const raceDate = openDays(FREE_FROM_DAYS - 10).next().value!;
  await addCleaners(database, "race-cleaner", CREWS_LEFT * crew);
  await everyoneElseOff(database, "race-cleaner", raceDate);
  const race = await pool(racers, RACE_CONCURRENCY, (ref, i) =>
    book(baseUrls[i % baseUrls.length]!, ref, raceDate, RACE_SLOT),
  );
  const won = race.filter(booked).length;
  const toldFull = race.filter((a) => a.status === 409).length;
  const other = race.length - won - toldFull;
  const stored = await database.db
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("scheduled_date", "=", raceDate)
    .where("time_slot", "=", RACE_SLOT)
    .where("status", "<>", "cancelled")
    .executeTakeFirstOrThrow();
  const ok =
    won === CREWS_LEFT &&
    toldFull === RACERS - CREWS_LEFT &&
    other === 0 &&
    Number(stored.n) === CREWS_LEFT;
  const line =
    `${won} booked, ${toldFull} told full, ${other} other, ${Number(stored.n)} stored ` +
    `(crews of ${crew}, ${baseUrls.length} process(es))`;
  return { ok, line };
}

export type ThroughputResult = {
  perSecond: number;
  p50: number;
  p99: number;
  notBooked: number;
  ok: Answer[];
};

/**
 * `bookings` bookings from `connections` connections, as many a day at 09:00 as the cleaners the
 * run adds make crews, so none is refused; timed once the worker has sent what the quotes queued.
 */
export async function bookThroughput(
  baseUrls: string[],
  database: AppDatabase,
  options: { bookings: number; connections: number },
): Promise<ThroughputResult> {
  const refs = await makeQuotes(baseUrls[0]!, options.bookings, RACERS);
  const { crew, openDays } = await jobOf(database, refs[0]!);
  await addCleaners(database, "bench-crew", THROUGHPUT_CLEANERS);
  await drainOutbox(database);
  const perDay = Math.floor(THROUGHPUT_CLEANERS / crew);
  const dates = [...openDays(FREE_FROM_DAYS)];
  const jobs = refs.map((ref, i) => ({ ref, date: dates[Math.floor(i / perDay)]! }));
  const started = performance.now();
  const answers = await pool(jobs, options.connections, (job, i) =>
    book(baseUrls[i % baseUrls.length]!, job.ref, job.date, RACE_SLOT),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = answers.filter(booked);
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  if (ok.length !== answers.length) {
    const statuses = new Map<number, number>();
    for (const a of answers.filter((a) => !booked(a))) {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
    console.log("not booked, by status:", Object.fromEntries(statuses));
  }
  return {
    perSecond: answers.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    notBooked: answers.length - ok.length,
    ok,
  };
}
