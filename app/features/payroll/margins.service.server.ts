import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import {
  findJobMarginPage,
  sumMarginRollups,
  type MarginKey,
  type MonthRange,
} from "./margins.repository.server";
import { byRevenue, marginOf, nextMonth, type MarginGroup } from "./margins";

/** How many jobs a page of the margin screen lists (the groups count every job). */
export const JOBS_PAGE_SIZE = 50;

/** The thirteen whole months the screen covers: from the month a year ago to this one. */
export function marginRange(now: Date) {
  const today = sydneyDate(now);
  const fromMonth = addDays(today, -365).slice(0, 7);
  const toMonth = today.slice(0, 7);
  return {
    from: `${fromMonth}-01`,
    to: addDays(`${nextMonth(toMonth)}-01`, -1),
    fromMonth,
    toMonth,
  };
}

async function groups(db: Kysely<Database>, months: MonthRange, key: MarginKey) {
  const rows = await sumMarginRollups(db, months, key);
  return rows.map((row): MarginGroup => ({ key: row.key, jobs: row.jobs, ...marginOf(row) }));
}

/**
 * The margins of the last year's completed jobs, by service, suburb and month from the monthly
 * rollups, and one page of jobs newest first (`?after=` a page's last job).
 */
export async function getMargins(
  db: Kysely<Database>,
  {
    now = new Date(),
    params = new URLSearchParams(),
  }: { now?: Date; params?: URLSearchParams } = {},
) {
  const range = marginRange(now);
  const after = decodeCursor(params.get("after"));
  const [all, byService, bySuburb, byMonth, rows] = await Promise.all([
    sumMarginRollups(db, range, null),
    groups(db, range, "service_type"),
    groups(db, range, "suburb"),
    groups(db, range, "month"),
    findJobMarginPage(db, range, { after, limit: JOBS_PAGE_SIZE + 1 }),
  ]);
  const total = all[0] ?? {
    jobs: 0,
    paidCents: 0,
    refundedCents: 0,
    gstCents: 0,
    labourCents: 0,
    superCents: 0,
  };
  const jobs = rows.slice(0, JOBS_PAGE_SIZE).map((job) => ({
    ...job,
    month: job.scheduled_date.slice(0, 7),
    ...marginOf(job),
  }));
  const last = jobs.at(-1);
  return {
    range: { from: range.from, to: range.to },
    total: { key: "All jobs", jobs: total.jobs, ...marginOf(total) },
    byService: byService.sort(byRevenue),
    bySuburb: bySuburb.map((g) => ({ ...g, key: g.key || "Unknown" })).sort(byRevenue),
    byMonth: byMonth.sort((a, b) => b.key.localeCompare(a.key)),
    jobs,
    jobCount: total.jobs,
    after: after !== null,
    next:
      rows.length > JOBS_PAGE_SIZE && last
        ? encodeCursor({ value: last.scheduled_date, id: last.id })
        : null,
  };
}
