import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { sydneyDate } from "~/lib/sydney-time";
import { hourRanges, periodRanges } from "./dashboard-time";
import { growthOf, type Growth } from "./growth";
import {
  countBookingsMadeBetween,
  countBookingsMadeInHours,
  countJobsWithoutCleaner,
} from "./operations.repository.server";
import {
  readActiveCleaners,
  readLeadFigures,
  type ActiveCleaners,
  type LeadFigures,
} from "./team-and-lead-figures.server";
import {
  followUpConversion,
  type FollowUpFigures,
} from "~/features/quote-follow-ups/follow-ups.service.server";

/**
 * What staff without finance.view see (docs/decisions/0044-figures-by-permission.md): the work,
 * not the money. Bookings made in the period, its new leads, the jobs ahead still without a
 * cleaner and the active cleaners. Nothing here is an amount.
 */
export type OperationsDashboard = {
  kind: "operations";
  periodDays: number;
  /** The period, [from, to) as ISO-8601 UTC */
  from: string;
  to: string;
  /** Bookings made in the period and not cancelled, against the period before */
  bookings: { count: number; previousCount: number; growth: Growth };
  /** Confirmed jobs from today (Sydney) on with no accepted cleaner, whenever they were booked */
  jobsWithoutCleaner: number;
  activeCleaners: ActiveCleaners;
  leads: LeadFigures;
  /** Quotes first followed up in the period and how many were booked (docs/decisions/0077-quote-follow-ups.md) */
  followUps: FollowUpFigures;
  /** The period's new leads against the period before's */
  leadsGrowth: Growth;
  /** False when the period has neither a booking nor a lead */
  hasData: boolean;
};

export async function getOperationsDashboard(
  db: Kysely<Database>,
  { periodDays, now = new Date() }: { periodDays: number; now?: Date },
): Promise<OperationsDashboard> {
  const { start, end, previousStart } = periodRanges(now, periodDays);
  const [from, to] = [start.toISOString(), end.toISOString()];
  const [
    bookings,
    previousBookings,
    jobsWithoutCleaner,
    leads,
    previousLeads,
    activeCleaners,
    followUps,
  ] = await Promise.all([
    countBookingsMade(db, start.getTime(), end.getTime(), now.getTime()),
    countBookingsMade(db, previousStart.getTime(), start.getTime(), now.getTime()),
    countJobsWithoutCleaner(db, sydneyDate(now)),
    readLeadFigures(db, start.getTime(), end.getTime(), now.getTime()),
    readLeadFigures(db, previousStart.getTime(), start.getTime(), now.getTime()),
    readActiveCleaners(db, from),
    followUpConversion(db, { from: start, to: end }),
  ]);
  return {
    kind: "operations",
    periodDays,
    from,
    to,
    bookings: {
      count: bookings,
      previousCount: previousBookings,
      growth: growthOf(bookings, previousBookings),
    },
    jobsWithoutCleaner,
    activeCleaners,
    leads,
    leadsGrowth: growthOf(leads.count, previousLeads.count),
    followUps,
    hasData: bookings > 0 || leads.count > 0,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Bookings still on made in [from, to): whole UTC hours from the hourly counts, the part hours at
 * the ends row by row (docs/decisions/0089-admin-lists-at-scale.md).
 */
async function countBookingsMade(db: Kysely<Database>, from: number, to: number, now: number) {
  const { hours, parts } = hourRanges(from, to, now);
  const counts = await Promise.all([
    ...(hours ? [countBookingsMadeInHours(db, hours.from, hours.to)] : []),
    ...parts.map(
      async (part) =>
        part.sign * (await countBookingsMadeBetween(db, iso(part.from), iso(part.to))),
    ),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}
