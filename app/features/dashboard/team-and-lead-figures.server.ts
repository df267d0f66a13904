import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import {
  countLeadsBetween,
  countLeadsInHours,
  countCleanersAvailableAt,
  summariseAvailableCleaners,
} from "./dashboard.repository.server";
import { hourRanges } from "./dashboard-time";
import { growthOf, type Growth } from "./growth";

// The figures every dashboard shows, whoever looks: the team and the period's leads. None of
// them is money (docs/decisions/0044-figures-by-permission.md).

export type ActiveCleaners = {
  count: number;
  /** Available when the period began, from the cleaners' status history */
  countAtStart: number;
  growth: Growth;
  /** Over available cleaners who have a rating (0 is none yet); null when none has one */
  averageRating: number | null;
};

export type LeadFigures = {
  count: number;
  /** Leads with a paid or completed booking (docs/decisions/0030-conversion-rate.md) */
  booked: number;
  /** booked / count as a percentage with one decimal; null without leads */
  conversionRate: number | null;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** Live leads and converted leads created in [from, to): whole UTC hours counted, part hours read. */
export async function readLeadFigures(
  db: Kysely<Database>,
  from: number,
  to: number,
  now: number,
): Promise<LeadFigures> {
  const { hours, parts } = hourRanges(from, to, now);
  const counts = await Promise.all([
    ...(hours ? [countLeadsInHours(db, hours.from, hours.to)] : []),
    ...parts.map(async (part) => {
      const count = await countLeadsBetween(db, iso(part.from), iso(part.to));
      return { leads: part.sign * count.leads, booked: part.sign * count.booked };
    }),
  ]);
  const { leads, booked } = counts.reduce(
    (sum, count) => ({ leads: sum.leads + count.leads, booked: sum.booked + count.booked }),
    { leads: 0, booked: 0 },
  );
  return {
    count: leads,
    booked,
    conversionRate: leads === 0 ? null : Math.round((booked / leads) * 1000) / 10,
  };
}

/** Cleaners available now and when the period began (`from`, ISO-8601 UTC). */
export async function readActiveCleaners(
  db: Kysely<Database>,
  from: string,
): Promise<ActiveCleaners> {
  const [available, countAtStart] = await Promise.all([
    summariseAvailableCleaners(db),
    countCleanersAvailableAt(db, from),
  ]);
  return {
    count: available.count,
    countAtStart,
    growth: growthOf(available.count, countAtStart),
    averageRating:
      available.averageRating === null ? null : Math.round(available.averageRating * 10) / 10,
  };
}
