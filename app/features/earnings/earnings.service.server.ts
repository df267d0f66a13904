import type { Kysely } from "kysely";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { mondayOf } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import type { PayoutStatus } from "~/server/tables/money";
import { findCleanerPayouts, findDoneSeats } from "./earnings.repository.server";
import { seatHoursAndPay } from "./seat-pay";

// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md: what a cleaner earned, job by job and
// week by week (Monday to Sunday, Sydney), what the office has paid them and what is still to pay.

/** How many weeks with jobs the screen lists; the totals count every done job. */
const WEEKS_SHOWN = 12;

export type EarnedJob = {
  id: string;
  date: string;
  slot: string;
  suburb: string;
  hours: number;
  payCents: number;
  measured: boolean;
};

export type EarningsWeek = { weekOf: string; hours: number; payCents: number; jobs: EarnedJob[] };

export type CleanerEarnings = {
  rateCents: number;
  weeks: EarningsWeek[];
  payouts: {
    id: string;
    reference: string;
    amountCents: number;
    status: PayoutStatus;
    payoutDate: string;
    periodStart: string | null;
    periodEnd: string | null;
  }[];
  totals: {
    earnedCents: number;
    /** Payouts marked paid */
    paidCents: number;
    /** Payouts recorded and not yet paid */
    pendingCents: number;
    /** Earned and in no payout yet: never below zero */
    toBePaidCents: number;
  };
};

export async function loadCleanerEarnings(
  db: Kysely<Database>,
  cleanerId: string,
): Promise<CleanerEarnings> {
  const seats = await findDoneSeats(db, cleanerId);
  const payoutRows = await findCleanerPayouts(db, cleanerId);
  const { cleanerPayRateCents: rateCents } = await getBusinessProfile(db);
  const weeks = new Map<string, EarningsWeek>();
  let earnedCents = 0;
  for (const seat of seats) {
    const pay = seatHoursAndPay(
      {
        estimatedHours: Number(seat.estimated_hours ?? 0),
        crewSize: Number(seat.crew_size),
        checkedInAt: seat.checked_in_at,
        checkedOutAt: seat.checked_out_at,
      },
      rateCents,
    );
    earnedCents += pay.payCents;
    const weekOf = mondayOf(seat.scheduled_date);
    const week = weeks.get(weekOf) ?? { weekOf, hours: 0, payCents: 0, jobs: [] };
    week.hours += pay.hours;
    week.payCents += pay.payCents;
    week.jobs.push({
      id: seat.id,
      date: seat.scheduled_date,
      slot: seat.time_slot,
      suburb: seat.suburb ?? "",
      ...pay,
    });
    weeks.set(weekOf, week);
  }
  const payouts = payoutRows.map((row) => ({
    id: row.id,
    reference: row.reference,
    amountCents: row.amount_cents,
    status: row.status,
    payoutDate: row.payout_date,
    periodStart: row.period_start,
    periodEnd: row.period_end,
  }));
  const sum = (status: PayoutStatus) =>
    payouts.filter((p) => p.status === status).reduce((total, p) => total + p.amountCents, 0);
  const paidCents = sum("completed");
  const pendingCents = sum("pending");
  return {
    rateCents,
    weeks: [...weeks.values()].slice(0, WEEKS_SHOWN),
    payouts,
    totals: {
      earnedCents,
      paidCents,
      pendingCents,
      toBePaidCents: Math.max(0, earnedCents - paidCents - pendingCents),
    },
  };
}
