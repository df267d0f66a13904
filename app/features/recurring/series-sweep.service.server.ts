import type { Kysely, Transaction } from "kysely";
import { rosterCache, type RosterCache } from "~/features/availability/availability.service.server";
import { bookOccurrence } from "~/features/bookings/series-bookings.service.server";
import { backOfficeUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import {
  findQuoteToBookByQuoteId,
  findQuotesToBookByIds,
  type QuoteToBook,
} from "~/features/quote/quote-lifecycle.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { formatLongDate, formatTimeSlot } from "~/lib/format";
import { newId } from "~/lib/ids";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { occurrenceDates } from "./recurrence";
import { SERIES_MESSAGES as M } from "./recurring-messages";
import {
  advanceBookedThrough,
  claimOccurrences,
  findSeriesById,
  findSeriesToSweep,
  lockSeriesMany,
  setOccurrenceBooking,
  updateSeriesIf,
  type RecurringSeriesRow,
} from "./recurring.repository.server";

// The sweep that books series ahead (docs/decisions/0073-series-occurrences-are-bookings.md),
// run by the outbox worker. Each of a series' dates is claimed in the same transaction that books
// it, under a unique key per series and date: a sweep run twice, after a crash or on two servers
// at once books each visit once (the second claim finds the row and does nothing).

/** How far ahead visits are booked. */
export const SWEEP_WEEKS_AHEAD = 8;
const PAGE_SIZE = 200;

export type SweepContext = { publicUrl: string; now?: Date; weeksAhead?: number };
export type SweepCounts = { series: number; booked: number; skipped: number; unstaffed: number };

/** Books every active series' visits up to the horizon; answers what it did. */
export async function sweepSeries(db: Kysely<Database>, ctx: SweepContext): Promise<SweepCounts> {
  const now = ctx.now ?? new Date();
  const today = sydneyDate(now);
  const horizon = addDays(today, 7 * (ctx.weeksAhead ?? SWEEP_WEEKS_AHEAD));
  const business = await getBusinessProfile(db);
  const counts: SweepCounts = { series: 0, booked: 0, skipped: 0, unstaffed: 0 };
  let afterId: string | null = null;
  for (;;) {
    const page = await findSeriesToSweep(db, { horizon, afterId, limit: PAGE_SIZE });
    // One page of quotes at a time: memory stays flat however many series there are.
    const quotes = await findQuotesToBookByIds(
      db,
      page.map((series) => series.quote_id),
    );
    // The cleaners are read once a page and again only when one of them changed
    // (docs/decisions/0097-the-sweep-reuses-the-roster.md).
    const roster = rosterCache();
    const inputs = page.flatMap((series) => {
      const quote = quotes.get(series.quote_id);
      if (!quote) return [];
      return [{ series, quote, business, today, horizon, now, publicUrl: ctx.publicUrl, roster }];
    });
    counts.series += inputs.length;
    await sweepRead(db, inputs, counts);
    if (page.length < PAGE_SIZE) break;
    afterId = page[page.length - 1]!.id;
  }
  return counts;
}

/** Books one series' visits ahead at once (a series just started or changed). */
export async function sweepSeriesNow(
  db: Kysely<Database>,
  seriesId: string,
  ctx: SweepContext,
): Promise<SweepCounts> {
  const counts: SweepCounts = { series: 0, booked: 0, skipped: 0, unstaffed: 0 };
  const series = await findSeriesById(db, seriesId);
  const quote = series ? await findQuoteToBookByQuoteId(db, series.quote_id) : null;
  if (!series || !quote || series.status === "cancelled") return counts;
  const now = ctx.now ?? new Date();
  const today = sydneyDate(now);
  const horizon = addDays(today, 7 * (ctx.weeksAhead ?? SWEEP_WEEKS_AHEAD));
  const business = await getBusinessProfile(db);
  counts.series = 1;
  await sweepRead(
    db,
    [{ series, quote, business, today, horizon, now, publicUrl: ctx.publicUrl }],
    counts,
  );
  return counts;
}

type OneSeries = {
  series: RecurringSeriesRow;
  quote: QuoteToBook;
  business: BusinessProfile;
  today: string;
  horizon: string;
  now: Date;
  publicUrl: string;
  roster?: RosterCache;
};

/** One date of a series to book, and whether it is the last before the horizon. */
type PlannedVisit = { input: OneSeries; date: string; last: boolean };

/**
 * A date's visits share a transaction, this many at most: fewer begins, commits and lock
 * round trips, and a date's crew lock is still the only one a transaction holds
 * (docs/decisions/0101-the-sweep-books-a-dates-visits-together.md).
 */
const VISITS_PER_TRANSACTION = 25;

/** The series' dates after its mark and up to the horizon (never today or earlier). */
function visitsToBook(input: OneSeries): PlannedVisit[] {
  const { series, today, horizon } = input;
  const after =
    series.booked_through && series.booked_through > today ? series.booked_through : today;
  const from = addDays(after, 1) < series.starts_on ? series.starts_on : addDays(after, 1);
  const dates = occurrenceDates(series.rule, series.starts_on, from, horizon);
  return dates.map((date, index) => ({ input, date, last: index === dates.length - 1 }));
}

/**
 * Books the dates after each series' mark and up to the horizon, for series as they were read
 * (one page of the sweep, or one series), all with the same horizon.
 */
export async function sweepRead(
  db: Kysely<Database>,
  inputs: readonly OneSeries[],
  counts: SweepCounts,
) {
  const visits: PlannedVisit[] = [];
  for (const input of inputs) visits.push(...visitsToBook(await resumeIfPauseEnded(db, input)));
  if (inputs[0]) await bookVisits(db, visits, inputs[0].horizon, counts);
}

/**
 * Books the visits date by date, a date's visits in transactions of their own. A series' mark
 * moves to the horizon in the commit of its last date, not one of its own; a series with no date
 * to book writes nothing, and the next sweep computes its dates from the same mark again. A
 * series found paused, cancelled or changed since it was read books none of its later dates:
 * that change has dealt with the dates it touched, and the next sweep starts from the series as
 * it is now, its mark unmoved.
 */
async function bookVisits(
  db: Kysely<Database>,
  visits: PlannedVisit[],
  horizon: string,
  counts: SweepCounts,
) {
  const changed = new Set<string>();
  const byDate = new Map<string, PlannedVisit[]>();
  for (const visit of visits) {
    const onDate = byDate.get(visit.date);
    if (onDate) onDate.push(visit);
    else byDate.set(visit.date, [visit]);
  }
  for (const date of [...byDate.keys()].sort()) {
    const onDate = byDate.get(date)!;
    for (let start = 0; start < onDate.length; start += VISITS_PER_TRANSACTION) {
      const batch = onDate
        .slice(start, start + VISITS_PER_TRANSACTION)
        .filter((visit) => !changed.has(visit.input.series.id));
      if (batch.length === 0) continue;
      const stale = await db
        .transaction()
        .execute((trx) => bookDate(trx, { batch, horizon }, counts));
      for (const id of stale) changed.add(id);
    }
  }
}

/**
 * Claims and books one date of several series (the batch's), first reading them again under the lock a
 * pause, cancel or change takes (all of them at once, in id order, before the date's crew lock,
 * the order every writer takes them in): a change that committed after the sweep read a series
 * is seen here, and one that starts now waits for this commit (and then finds its visit to
 * cancel). Answers the series no longer as the sweep read them, which book nothing.
 */
async function bookDate(
  trx: Transaction<Database>,
  { batch, horizon }: { batch: PlannedVisit[]; horizon: string },
  counts: SweepCounts,
): Promise<string[]> {
  const locked = await lockSeriesMany(
    trx,
    batch.map((visit) => visit.input.series.id),
  );
  const current = batch.filter(({ input }) =>
    sameSeries(input.series, locked.get(input.series.id)),
  );
  const claims = current.map((visit) => ({ visit, occurrence: occurrenceOf(visit) }));
  const roster = batch[0]?.input.roster;
  if (roster && batch[0]) {
    const customers = current.map((visit) => visit.input.series.customer_id);
    await roster.readLastCleaners(trx, batch[0].date, customers);
  }
  // Claimed already (another sweep, or a run before a crash): nothing more to do for that one.
  const claimed = await claimOccurrences(
    trx,
    claims.map((claim) => claim.occurrence),
  );
  for (const { visit, occurrence } of claims) {
    if (!claimed.has(occurrence.series_id)) continue;
    if (occurrence.status === "skipped") counts.skipped += 1;
    else await bookClaimed(trx, visit, occurrence.id, counts);
  }
  const finished = current.filter((visit) => visit.last).map((visit) => visit.input.series.id);
  await advanceBookedThrough(trx, finished, horizon);
  const stale = new Set(batch.map((visit) => visit.input.series.id));
  for (const visit of current) stale.delete(visit.input.series.id);
  return [...stale];
}

/** The occurrence row that claims a visit: skipped while the series is paused over it. */
function occurrenceOf({ input, date }: PlannedVisit) {
  const { series } = input;
  const paused = series.status === "paused" && !!series.paused_until && date < series.paused_until;
  const at = input.now.toISOString();
  return {
    id: newId(),
    series_id: series.id,
    occurrence_date: date,
    booking_id: null,
    status: paused ? ("skipped" as const) : ("booked" as const),
    created_at: at,
    updated_at: at,
  };
}

/** Books a claimed visit, with as much of its crew as is free; staff hear of open seats. */
async function bookClaimed(
  trx: Transaction<Database>,
  { input, date }: PlannedVisit,
  occurrenceId: string,
  counts: SweepCounts,
) {
  const { series } = input;
  const visit = await bookOccurrence(
    trx,
    visitOf(series, input.quote, date),
    input.business,
    input.now,
    input.roster,
  );
  const staffed = visit.openSeats.length === 0;
  await setOccurrenceBooking(trx, occurrenceId, {
    booking_id: visit.booking.id,
    status: staffed ? "booked" : "unstaffed",
    updated_at: input.now.toISOString(),
  });
  counts.booked += 1;
  if (staffed) return;
  counts.unstaffed += 1;
  await alertUnstaffed(trx, input, visit.booking.id, date, visit.openSeats.length);
}

/**
 * Whether the series still reads as it did: every column but the sweep's own mark, which other
 * sweeps move. Columns, not `updated_at` alone: two changes in one millisecond share a stamp.
 */
function sameSeries(read: RecurringSeriesRow, now: RecurringSeriesRow | undefined) {
  if (!now) return false;
  return (Object.keys(read) as (keyof RecurringSeriesRow)[]).every(
    (column) => column === "booked_through" || read[column] === now[column],
  );
}

/** A series paused until a date that has come is active again. */
async function resumeIfPauseEnded(db: Kysely<Database>, input: OneSeries) {
  const { series, today } = input;
  if (series.status !== "paused" || !series.paused_until || series.paused_until > today) {
    return input;
  }
  const at = input.now.toISOString();
  const resumed = { ...series, status: "active" as const, paused_until: null, updated_at: at };
  const done = await updateSeriesIf(db, series.id, series.updated_at, {
    status: "active",
    paused_until: null,
    updated_at: at,
  });
  return done ? { ...input, series: resumed } : input;
}

function visitOf(series: RecurringSeriesRow, quote: QuoteToBook, date: string) {
  return {
    quote,
    customerId: series.customer_id,
    date,
    timeSlot: series.time_slot,
    address: series.address,
    suburb: series.suburb,
    postcode: series.postcode,
    lat: series.lat === null ? null : Number(series.lat),
    lng: series.lng === null ? null : Number(series.lng),
    priceCents: Number(series.visit_price_cents),
  };
}

/** Staff hear of a visit without a whole crew (the staff alert path of every booking). */
async function alertUnstaffed(
  trx: Kysely<Database>,
  input: OneSeries,
  bookingId: string,
  date: string,
  openSeats: number,
) {
  const when = `${formatLongDate(date)} at ${formatTimeSlot(input.series.time_slot)}`;
  await notifyStaffByEmail(
    trx,
    {
      topic: "series.unstaffed",
      subjectType: "booking",
      subjectId: bookingId,
      replyTo: input.quote.clientEmail,
      subject: `Regular visit needs a crew: ${input.quote.clientName}, ${when}`,
      heading: M.unstaffedHeading,
      paragraphs: [
        `${input.quote.clientName}'s regular clean on ${when} is booked, but ${openSeats === 1 ? "one seat has" : `${openSeats} seats have`} no cleaner free.`,
        `Where: ${input.series.address}.`,
        "Please assign a cleaner, or move the visit with the customer.",
      ],
      link: { label: "Open the schedule", url: backOfficeUrl(input.publicUrl, "/admin/schedule") },
    },
    input.business,
  );
}
