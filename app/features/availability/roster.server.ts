import type { Kysely } from "kysely";
import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";
import type { Database } from "~/server/database";
import {
  findMinutesHeldIn,
  findRosterMarker,
  findSuburbCentres,
  findWorkingCleaners,
} from "./availability.repository.server";
import type { Place } from "./distance";
import { cleanerFacts, type CleanerFacts } from "./free-cleaners";
import { minutesInside, type HoldSpan } from "./hold-span";

// The roster: every cleaner who takes jobs, read afresh for one crew, or kept across the many
// crews of the sweep (docs/decisions/0097-the-sweep-reuses-the-roster.md) with each week's
// minutes held (docs/decisions/0100-the-sweep-keeps-week-minutes.md).

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
 *   read inside each caller's transaction, before the roster: a cleaner written since is read
 *   again, never missed;
 * - each week's minutes held by cleaner, read once and then added to by `held` for every hold
 *   the sweep takes. They only order the free cleaners, so holds others take meanwhile count
 *   from the next page on. Who is free is never kept: the holds that overlap a job and the time
 *   off of its date are read for every crew.
 * A transaction that fails after `held` ends the sweep's run, and the cache with it.
 */
export type RosterCache = {
  read: (db: Kysely<Database>) => Promise<readonly RosterCleaner[]>;
  minutesHeldIn: (db: Kysely<Database>, week: HoldSpan) => Promise<ReadonlyMap<string, number>>;
  held: (cleanerId: string, week: HoldSpan, hold: HoldSpan) => void;
};

export function rosterCache(): RosterCache {
  let kept: { marker: string; cleaners: readonly RosterCleaner[] } | null = null;
  const weeks = new Map<number, Map<string, number>>();
  return {
    async read(db) {
      const marker = await findRosterMarker(db);
      if (kept?.marker !== marker) kept = { marker, cleaners: await readRoster(db) };
      return kept.cleaners;
    },
    async minutesHeldIn(db, week) {
      const known = weeks.get(week.startsMinute);
      if (known) return known;
      const rows = await findMinutesHeldIn(db, week);
      const minutes = new Map(rows.map((row) => [row.cleaner_id, Number(row.minutes)]));
      weeks.set(week.startsMinute, minutes);
      return minutes;
    },
    held(cleanerId, week, hold) {
      const minutes = weeks.get(week.startsMinute);
      if (!minutes) return;
      minutes.set(cleanerId, (minutes.get(cleanerId) ?? 0) + minutesInside(hold, week));
    },
  };
}
