import type { Kysely, Transaction } from "kysely";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import {
  findBookingHolds,
  findLastCleanerFor,
  lockCrewDay,
  findHeldSpansBetween,
  findLiveHoldsBetween,
  findTimeOffBetween,
  findWeekHoldsFor,
} from "./availability.repository.server";
import { holdCleaner } from "./cleaner-holds.service.server";
import type { Place } from "./distance";
import {
  crewDays,
  freeAmong,
  rankFreeCleaners,
  type CleanerFacts,
  type CleanerCalendar,
  type CrewJob,
  type LiveHold,
} from "./free-cleaners";
import { datesSpan, holdSpan, weekSpanOf, type HoldSpan } from "./hold-span";
import { readRoster, type RosterCache, type RosterCleaner } from "./roster.server";

// docs/decisions/0060-crews-and-cleaner-holds.md: the availability model's facts, loaded for a
// range with one query per kind (cleaners, time off, live holds, suburb centres), and the crew a
// booking takes. Everything that asks who is free (the slot picker, the booking, a reschedule)
// comes through here.

export type { CleanerCalendar, CrewDay, CrewSlot } from "./free-cleaners";
export { findBookingHolds };
export { rosterCache, type RosterCache } from "./roster.server";

/** Live holds over the range by cleaner; without their bookings, one row per cleaner. */
async function liveHoldsByCleaner(
  db: Kysely<Database>,
  span: HoldSpan,
  withBookings: boolean,
): Promise<Map<string, LiveHold[]>> {
  if (withBookings) {
    const holds = await findLiveHoldsBetween(db, span);
    const byCleaner = group(holds, (hold) => hold.cleaner_id);
    return new Map(
      [...byCleaner].map(([id, rows]) => [
        id,
        rows.map((hold) => ({
          bookingId: hold.booking_id,
          startsMinute: Number(hold.starts_minute),
          blockedUntilMinute: Number(hold.blocked_until_minute),
        })),
      ]),
    );
  }
  const rows = await findHeldSpansBetween(db, span);
  return new Map(
    rows.map((row) => [
      row.cleaner_id,
      row.spans.split(",").map((pair) => {
        const [starts, until] = pair.split(" ");
        return { bookingId: null, startsMinute: Number(starts), blockedUntilMinute: Number(until) };
      }),
    ]),
  );
}

/** The roster with each cleaner's time off and live holds, the roster's own where none. */
function withCalendars(
  roster: readonly RosterCleaner[],
  timeOff: readonly { cleaner_id: string; starts_on: string; ends_on: string }[],
  heldOf: ReadonlyMap<string, LiveHold[]>,
): CleanerFacts[] {
  const offOf = group(timeOff, (off) => off.cleaner_id);
  return roster.map((facts) => {
    const off = offOf.get(facts.cleaner.id);
    const holds = heldOf.get(facts.cleaner.id);
    if (!off && !holds) return facts;
    const cleaner = {
      ...facts.cleaner,
      timeOff: (off ?? []).map((o) => ({ startsOn: o.starts_on, endsOn: o.ends_on })),
      holds: holds ?? [],
    };
    return { ...facts, cleaner };
  });
}

/**
 * Every cleaner who takes jobs, with their days, hours, police check, time off and live holds
 * from `from` to `to` (Sydney dates, both included), and their home suburb's centre. Four
 * queries, read one after another as a transaction's must be. `withBookings: false` leaves out
 * which booking each hold is for, which a month's calendar does not need and reads far faster.
 */
export async function loadCleanerCalendars(
  db: Kysely<Database>,
  range: { from: string; to: string },
  options: { withBookings?: boolean } = {},
): Promise<CleanerCalendar[]> {
  const roster = await readRoster(db);
  if (roster.length === 0) return [];
  const timeOff = await findTimeOffBetween(db, range.from, range.to);
  const span = datesSpan(range.from, range.to);
  const heldOf = await liveHoldsByCleaner(db, span, options.withBookings ?? true);
  return withCalendars(roster, timeOff, heldOf).map((facts) => facts.cleaner);
}

function group<T>(rows: readonly T[], key: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** What a month (or any run of dates) needs to say which days have room for a crew. */
export type CrewRangeRequest = {
  dates: readonly string[];
  /** The slots of a date that fit the job inside opening hours */
  slotsOn: (date: string) => readonly string[];
  minutesOnSite: number;
  bufferMinutes: number;
  crewSize: number;
  now: Date;
};

/** For each date, each fitting slot and whether a whole crew is free for it. */
export async function crewAvailability(db: Kysely<Database>, request: CrewRangeRequest) {
  if (request.dates.length === 0) return [];
  const from = request.dates[0]!;
  const to = request.dates[request.dates.length - 1]!;
  const cleaners = await loadCleanerCalendars(db, { from, to }, { withBookings: false });
  return crewDays(cleaners, { ...request, today: sydneyDate(request.now) });
}

/** A crew to take for a booking's seats. */
export type CrewRequest = {
  bookingId: string;
  date: string;
  slot: string;
  minutesOnSite: number;
  bufferMinutes: number;
  /** The seats to fill, 1 to the crew size */
  seats: readonly number[];
  customerId: string | null;
  jobPlace: Place | null;
  /** Who held each seat before (a reschedule): asked first for the same seat */
  previous?: ReadonlyMap<number, { cleanerId: string; assignmentId: string | null }>;
  /**
   * Seats whose cleaner was offered the job: kept only by that cleaner, else left open (the
   * offer's own rules tell them of the move)
   */
  offeredSeats?: ReadonlySet<number>;
  now: Date;
  /** A roster kept across calls (the sweep's); without it the roster is read afresh */
  roster?: RosterCache;
};

export type CrewTaken = {
  /** The cleaner now held for each filled seat */
  held: Map<number, string>;
  /** Seats nobody could be held for */
  open: number[];
  /** How many cleaners were free for the job when it was read */
  freeCount: number;
};

/** A job to rank free cleaners for. */
export type RankRequest = Omit<CrewJob, "declinedBy"> & {
  bookingId: string;
  customerId: string | null;
  jobPlace: Place | null;
  declinedBy?: ReadonlySet<string>;
  now: Date;
  /** A roster kept across calls (the sweep's); without it the roster is read afresh */
  roster?: RosterCache;
};

/**
 * The cleaners free for the job and the same cleaners in the order they are asked
 * (docs/decisions/0060-crews-and-cleaner-holds.md's ranking): the booking's crew and the
 * automatic offers (docs/decisions/0064-automatic-offers.md) read the same order.
 */
export async function rankedFreeCleaners(db: Kysely<Database>, request: RankRequest) {
  const roster = request.roster ? await request.roster.read(db) : await readRoster(db);
  const week = weekSpanOf(request.date);
  // Only the job's date and span decide who is free: the time off of that date, and the week's
  // holds that overlap the job. The rest of the week's holds count only as minutes, which the
  // sweep keeps across a page (docs/decisions/0100-the-sweep-keeps-week-minutes.md).
  const timeOff = request.roster
    ? await request.roster.timeOffOn(db, request.date)
    : await findTimeOffBetween(db, request.date, request.date);
  const { clashesOf, minutesHeld } = request.roster
    ? {
        clashesOf: await request.roster.clashesWith(db, request.date, holdSpan(request)),
        minutesHeld: await request.roster.minutesHeldIn(db, week),
      }
    : await weekHoldsFor(db, week, holdSpan(request));
  const cleaners = withCalendars(roster, timeOff, clashesOf);
  const free = freeAmong(cleaners, request, sydneyDate(request.now));
  const lastCleanerOf = request.roster?.lastCleanerOf ?? findLastCleanerFor;
  const lastCleanerId = request.customerId
    ? await lastCleanerOf(db, request.customerId, request.date)
    : null;
  const ranked = rankFreeCleaners(free, {
    lastCleanerId,
    week,
    minutesHeld,
    jobPlace: request.jobPlace,
  });
  return { free, ranked };
}

/** Each cleaner's holds in `week` that overlap `job`, and their minutes held in the week. */
async function weekHoldsFor(db: Kysely<Database>, week: HoldSpan, job: HoldSpan) {
  const rows = await findWeekHoldsFor(db, week, job);
  const clashesOf = new Map<string, LiveHold[]>();
  const minutesHeld = new Map<string, number>();
  for (const row of rows) {
    minutesHeld.set(row.cleaner_id, Number(row.minutes));
    if (row.clashes === null) continue;
    const holds = row.clashes.split(",").map((triple) => {
      const [starts, until, bookingId] = triple.split(" ");
      return {
        bookingId: bookingId!,
        startsMinute: Number(starts),
        blockedUntilMinute: Number(until),
      };
    });
    clashesOf.set(row.cleaner_id, holds);
  }
  return { clashesOf, minutesHeld };
}

/**
 * Holds the best-ranked free cleaners for the seats, inside the booking's transaction: each
 * seat tries its previous cleaner first (a reschedule), then the ranking; a refused hold (taken
 * meanwhile) tries the next. On PostgreSQL the day's crews are picked one transaction at a time
 * (a transaction-scoped advisory lock on the date), so concurrent bookings read each other's
 * holds instead of waiting on each other's rows, which could deadlock.
 */
export async function takeCrew(
  trx: Transaction<Database>,
  request: CrewRequest,
): Promise<CrewTaken> {
  await lockCrewDay(trx, request.date);
  const { free, ranked } = await rankedFreeCleaners(trx, request);
  const span = holdSpan(request);
  const used = new Set<string>();
  const held = new Map<number, string>();
  const open: number[] = [];
  const isFree = new Set(free.map((c) => c.id));
  for (const seat of request.seats) {
    const before = request.previous?.get(seat);
    const offered = request.offeredSeats?.has(seat) ?? false;
    const candidates = [
      ...(before && isFree.has(before.cleanerId) ? [before.cleanerId] : []),
      ...(offered ? [] : ranked.map((c) => c.id)),
    ];
    let taken: string | null = null;
    for (const cleanerId of candidates) {
      if (used.has(cleanerId)) continue;
      used.add(cleanerId);
      const assignmentId = before?.cleanerId === cleanerId ? before.assignmentId : null;
      const hold = { cleanerId, bookingId: request.bookingId, seat, span, assignmentId };
      if (await holdCleaner(trx, { ...hold, now: request.now })) {
        request.roster?.held(trx, request.date, cleanerId, {
          bookingId: request.bookingId,
          ...span,
        });
        taken = cleanerId;
        break;
      }
    }
    if (taken) held.set(seat, taken);
    else open.push(seat);
  }
  return { held, open, freeCount: free.length };
}
