// The data of `npm run bench:recurring` and of the sweep's kill soak: weekly series of regular
// cleans, each with its past and coming visits as bookings, and quotes waiting for a follow-up.
// One series is made through the app's own services (quote, booking, series), then copied by the
// database with INSERT … SELECT over a number series (admin-lists-data.ts), every column taken
// from the template row unless named here, so the copies are what the app writes on both dialects.
//
// Series s repeats on one of six open weekdays (s % 6) at one of the booking slots. Its visits
// run weekly up to its mark (booked_through), a date between 43 and 49 days ahead, so that every
// series has exactly one visit still to book before the sweep's eight-week horizon, and its
// visits of the next two days are due a reminder.
import { sql, type Kysely } from "kysely";
import {
  addTestCrew,
  bookTestQuote,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { seriesRule } from "~/features/recurring/recurrence";
import { startSeriesFromBooking } from "~/features/recurring/series.service.server";
import { addDays, sydneyDate, weekdayOf } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { fillMarginRollups } from "~/server/migrations/2026_12_01_1300_margin_rollups";
import type { Dialect } from "./sql-dialects";
import { caseOf, copyRows, literal } from "./copy-rows";
import { fillCountTables, switchTriggers } from "./count-tables";

export type RecurringCounts = {
  series: number;
  /** Visits (bookings) of each series already made */
  visitsPerSeries: number;
  /** Priced quotes, not booked, made three days ago: due their first follow-up */
  followUps: number;
  cleaners: number;
};

export const BENCH_COUNTS: RecurringCounts = {
  series: 10_000,
  visitsPerSeries: 10,
  followUps: 1_000,
  cleaners: 1_000,
};

/** What every bench series shares: ids start with these, so checks find only the copies. */
export const SERIES_PREFIX = "bs";
const WEEKDAYS = 6;
const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = "https://harbourandgold.test";
const COPIED_WITH_TRIGGERS = ["quotes", "bookings"];

/** The six open weekdays' last booked visit, 43 to 49 days ahead (never a Sunday). */
function lastVisitDates(today: string) {
  return Array.from({ length: 7 }, (_, n) => addDays(today, 43 + n))
    .filter((date) => weekdayOf(date) !== "Sunday")
    .slice(0, WEEKDAYS);
}

/** One weekly series booked through the app, the template of every copy. */
async function templateSeries(db: Kysely<Database>, now: Date) {
  const ctx = { publicUrl: PUBLIC_URL, now };
  const date = lastVisitDates(sydneyDate(now))[0]!;
  const slot = { date, timeSlot: "09:00", address: "12 Campbell Parade", suburb: "Bondi NSW 2026" };
  const { booking } = await bookTestQuote(db, testQuoteRequest(0), slot, ctx);
  const started = await startSeriesFromBooking(db, { booking, frequency: "weekly", now });
  if (!started.ok) throw new Error(started.message);
  return { booking, seriesId: started.seriesId };
}

/** Seeds `counts` around `now`; answers the series' and the visits' numbers. */
export async function seedRecurring(
  db: Kysely<Database>,
  d: Dialect,
  counts: RecurringCounts,
  now: Date,
) {
  for (let added = 0; added < counts.cleaners; added += 500) {
    await addTestCrew(db, Math.min(500, counts.cleaners - added));
  }
  const template = await templateSeries(db, now);
  // PostgreSQL's count and margin triggers would update the same few rows for every copied row:
  // off for the copy, and their tables filled once after (count-tables.ts).
  await switchTriggers(db, d, COPIED_WITH_TRIGGERS, false);
  await copySeries(db, d, counts, template, now);
  await copyFollowUpQuotes(db, d, counts.followUps, template.booking.quoteId, now);
  await switchTriggers(db, d, COPIED_WITH_TRIGGERS, true);
  if (d.name === "postgres") {
    await fillCountTables((text) => sql.raw(text).execute(db));
    await fillMarginRollups(db);
  }
  // The template is not part of the bench: its series ends, its one visit stays.
  await db
    .updateTable("recurring_series")
    .set({ status: "cancelled" })
    .where("id", "=", template.seriesId)
    .execute();
  if (d.name === "postgres") await sql`analyze`.execute(db);
}

type Template = Awaited<ReturnType<typeof templateSeries>>;

async function copySeries(
  db: Kysely<Database>,
  d: Dialect,
  counts: RecurringCounts,
  template: Template,
  now: Date,
) {
  const today = sydneyDate(now);
  const last = lastVisitDates(today);
  const visits = counts.visitsPerSeries;
  const first = last.map((date) => addDays(date, -7 * (visits - 1)));
  const at = literal(now.toISOString());
  const id = (prefix: string, n: string) => `'${prefix}' || ${d.pad(n, 7)}`;
  const weekday = `(s.i % ${WEEKDAYS})`;
  const copy = { db, d, count: counts.series };
  await copyRows({ ...copy, templateId: template.booking.customerId! }, "customers", {
    id: id("bcu", "s.i"),
    email: `'bench-client-' || s.i || '@example.com'`,
  });
  await copyRows({ ...copy, templateId: template.booking.quoteId }, "quotes", {
    id: id("bq", "s.i"),
    reference: `'HG-BQ' || s.i`,
    client_email: `'bench-client-' || s.i || '@example.com'`,
    customer_id: id("bcu", "s.i"),
  });
  await copyRows({ ...copy, templateId: template.seriesId }, "recurring_series", {
    id: id(SERIES_PREFIX, "s.i"),
    customer_id: id("bcu", "s.i"),
    quote_id: id("bq", "s.i"),
    rule: caseOf(
      weekday,
      first.map((date) => seriesRule("weekly", date)),
    ),
    starts_on: caseOf(weekday, first),
    time_slot: caseOf(`(s.i % ${TIME_SLOTS.length})`, [...TIME_SLOTS]),
    booked_through: caseOf(weekday, last),
    created_at: at,
    updated_at: at,
  });
  await copyVisits(copy, template, { today, first, visits, at });
}

/** Visit k of series s is copy s.i = (s - 1) * visits + k + 1, a week after visit k - 1. */
async function copyVisits(
  copy: { db: Kysely<Database>; d: Dialect; count: number },
  template: Template,
  dates: { today: string; first: string[]; visits: number; at: string },
) {
  const { d } = copy;
  const id = (prefix: string, n: string) => `'${prefix}' || ${d.pad(n, 7)}`;
  const series = `((s.i - 1) / ${dates.visits} + 1)`;
  const all = dates.first.flatMap((start) =>
    Array.from({ length: dates.visits }, (_, k) => addDays(start, 7 * k)),
  );
  const date = caseOf(
    `((${series} % ${WEEKDAYS}) * ${dates.visits} + (s.i - 1) % ${dates.visits})`,
    all,
  );
  const done = `${date} < ${literal(dates.today)}`;
  const visits = { ...copy, count: copy.count * dates.visits };
  await copyRows({ ...visits, templateId: template.booking.id }, "bookings", {
    id: id("bb", "s.i"),
    reference: `'HG-BB' || s.i`,
    quote_id: id("bq", series),
    customer_id: id("bcu", series),
    scheduled_date: date,
    time_slot: caseOf(`(${series} % ${TIME_SLOTS.length})`, [...TIME_SLOTS]),
    status: `case when ${done} then 'completed' else 'confirmed' end`,
    completed_at: `case when ${done} then ${dates.at} end`,
    hold_until: "null",
    created_at: dates.at,
    updated_at: dates.at,
  });
  const [occurrence] = await copy.db
    .selectFrom("series_occurrences")
    .select("id")
    .where("series_id", "=", template.seriesId)
    .execute();
  await copyRows({ ...visits, templateId: occurrence!.id }, "series_occurrences", {
    id: id("bo", "s.i"),
    series_id: id(SERIES_PREFIX, series),
    occurrence_date: date,
    booking_id: id("bb", "s.i"),
    status: "'booked'",
    created_at: dates.at,
    updated_at: dates.at,
  });
}

/** Priced quotes nobody booked, made three days ago (the follow-up waits two by default). */
async function copyFollowUpQuotes(
  db: Kysely<Database>,
  d: Dialect,
  count: number,
  templateId: string,
  now: Date,
) {
  if (count === 0) return;
  const made = literal(new Date(now.getTime() - 3 * DAY_MS).toISOString());
  await copyRows({ db, d, count, templateId }, "quotes", {
    id: `'fq' || ${d.pad("s.i", 7)}`,
    reference: `'HG-FQ' || s.i`,
    client_email: `'bench-lead-' || s.i || '@example.com'`,
    customer_id: "null",
    status: "'pending'",
    lead_status: "'new'",
    created_at: made,
    updated_at: made,
  });
}
