import type { Kysely } from "kysely";
import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";
import type { Database } from "~/server/database";
import {
  findMinutesHeldIn,
  findRosterMarker,
  findLastCleanerFor,
  findLastCleanersFor,
  findSuburbCentres,
  findTimeOffBetween,
  findWorkingCleaners,
} from "./availability.repository.server";
import type { Place } from "./distance";
import { cleanerFacts, type CleanerFacts, type LiveHold } from "./free-cleaners";
import { minutesInside, weekSpanOf, type HoldSpan } from "./hold-span";
import { clashesWith, keptPerTransaction, type TimeOffRow } from "./roster-transaction.server";

// The roster: every cleaner who takes jobs, read afresh for one crew, or kept across the many
// crews of the sweep (docs/decisions/0097-the-sweep-reuses-the-roster.md) with each week's
// minutes held (docs/decisions/0100-the-sweep-keeps-week-minutes.md) and, for the length of one
// of its transactions, a date's time off
// (docs/decisions/0101-the-sweep-books-a-dates-visits-together.md).

const WorkingDaysSchema = z.array(z.string());

/**
 * A cleaner as the roster knows them: their calendar without time off or holds (read afresh for
 * each job and added to the few cleaners who have any), with its facts worked out once.
 */
export type RosterCleaner = CleanerFacts;

/** Every cleaner who takes jobs, with their days, hours, police check and home suburb's centre. */
export async function readRoster(db: Kysely<Database>): Promise<RosterCleaner[]> {
  const cleaners = await findWorkingCleaners(db);
  if (cleaners.length === 0) return [];
  const names = [...new Set(cleaners.map((c) => c.location?.trim()).filter(Boolean))] as string[];
  const centres = await findSuburbCentres(db, names);
  const placeOf = new Map(centres.map((s) => [s.name.toLowerCase(), s]));
  return cleaners.map((cleaner) => {
    const centre = cleaner.location ? placeOf.get(cleaner.location.trim().toLowerCase()) : null;
    return cleanerFacts({
      id: cleaner.id,
      status: cleaner.status,
      workingDays: jsonColumnOr(WorkingDaysSchema, cleaner.availability, []),
      workingHours: cleaner.working_hours,
      policeCheckExpiresOn: cleaner.police_check_expires_on,
      timeOff: [],
      holds: [],
      rating: Number(cleaner.rating),
      place: placeFrom(centre?.lat, centre?.lng),
    });
  });
}

function placeFrom(lat: number | null | undefined, lng: number | null | undefined): Place | null {
  return lat === null || lat === undefined || lng === null || lng === undefined
    ? null
    : { lat: Number(lat), lng: Number(lng) };
}

/**
 * What the sweep keeps across the crews of one page of series:
 * - the roster, while its marker (the cleaners' count and stamps) reads the same. The marker is
 *   read inside each of the caller's transactions, once, before the roster: a cleaner written
 *   before the transaction began is read again, never missed;
 * - for the length of one of the caller's transactions (the sweep's book one date under its
 *   crew lock, docs/decisions/0101-the-sweep-books-a-dates-visits-together.md), the date's
 *   approved time off and its live holds, added to for every hold taken through the cache. A
 *   hold someone takes meanwhile without the date's lock is still refused by the database when
 *   the sweep tries the same cleaner (a refused hold tries the next cleaner); and the last
 *   cleaner of the customers a batch books, read for them all at once (a transaction's own
 *   bookings are of its date, never before it, so they never change it);
 * - each week's minutes held by cleaner, read once and then added to by `held` for every hold
 *   the sweep takes. They only order the free cleaners, so holds others take meanwhile count
 *   from the next page on.
 * A transaction that fails after `held` ends the sweep's run, and the cache with it.
 */
export type RosterCache = {
  read: (db: Kysely<Database>) => Promise<readonly RosterCleaner[]>;
  timeOffOn: (db: Kysely<Database>, date: string) => Promise<readonly TimeOffRow[]>;
  /** Each cleaner's live holds that overlap `job`, a span of `date` */
  clashesWith: (
    db: Kysely<Database>,
    date: string,
    job: HoldSpan,
  ) => Promise<Map<string, LiveHold[]>>;
  /** Reads, for the rest of the transaction, the last cleaner of customers booked on `date` */
  readLastCleaners: (db: Kysely<Database>, date: string, customerIds: string[]) => Promise<void>;
  /** The customer's last cleaner before `date`: as read for the transaction, else afresh */
  lastCleanerOf: (db: Kysely<Database>, customerId: string, date: string) => Promise<string | null>;
  minutesHeldIn: (db: Kysely<Database>, week: HoldSpan) => Promise<ReadonlyMap<string, number>>;
  /** A hold the caller took in `db`, its transaction */
  held: (db: Kysely<Database>, date: string, cleanerId: string, hold: LiveHold) => void;
};

export function rosterCache(): RosterCache {
  let kept: { marker: string; cleaners: readonly RosterCleaner[] } | null = null;
  const keptIn = keptPerTransaction();
  const weeks = new Map<number, Map<string, number>>();
  return {
    async read(db) {
      const inTransaction = keptIn(db);
      if (kept && inTransaction?.markerRead) return kept.cleaners;
      const marker = await findRosterMarker(db);
      if (inTransaction) inTransaction.markerRead = true;
      if (kept?.marker !== marker) kept = { marker, cleaners: await readRoster(db) };
      return kept.cleaners;
    },
    async timeOffOn(db, date) {
      const inTransaction = keptIn(db);
      const known = inTransaction?.timeOff.get(date);
      if (known) return known;
      const rows = await findTimeOffBetween(db, date, date);
      inTransaction?.timeOff.set(date, rows);
      return rows;
    },
    clashesWith: (db, date, job) => clashesWith(db, keptIn(db), date, job),
    async readLastCleaners(db, date, customerIds) {
      const inTransaction = keptIn(db);
      if (!inTransaction) return;
      const found = await findLastCleanersFor(db, customerIds, date);
      const onDate = inTransaction.lastCleaners.get(date) ?? new Map<string, string | null>();
      for (const id of customerIds) onDate.set(id, found.get(id) ?? null);
      inTransaction.lastCleaners.set(date, onDate);
    },
    async lastCleanerOf(db, customerId, date) {
      const known = keptIn(db)?.lastCleaners.get(date)?.get(customerId);
      return known === undefined ? findLastCleanerFor(db, customerId, date) : known;
    },
    async minutesHeldIn(db, week) {
      const known = weeks.get(week.startsMinute);
      if (known) return known;
      const rows = await findMinutesHeldIn(db, week);
      const minutes = new Map(rows.map((row) => [row.cleaner_id, Number(row.minutes)]));
      weeks.set(week.startsMinute, minutes);
      return minutes;
    },
    held(db, date, cleanerId, hold) {
      keptIn(db)
        ?.holds.get(date)
        ?.push({ ...hold, cleanerId });
      const week = weekSpanOf(date);
      const minutes = weeks.get(week.startsMinute);
      if (!minutes) return;
      minutes.set(cleanerId, (minutes.get(cleanerId) ?? 0) + minutesInside(hold, week));
    },
  };
}
