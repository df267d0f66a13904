import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { findJobMarginPage, findMarginRollups } from "./margins.repository.server";
import { byRevenue, marginOf, nextMonth, type MarginFigures, type MarginGroup } from "./margins";

/** How many jobs a page of the margin screen lists (the groups count every job). */
export const JOBS_PAGE_SIZE = 50;

const NO_FIGURES: MarginFigures = {
  paidCents: 0,
  refundedCents: 0,
  gstCents: 0,
  labourCents: 0,
  superCents: 0,
};
const FIGURE_NAMES = Object.keys(NO_FIGURES) as (keyof MarginFigures)[];

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

type Rollup = Awaited<ReturnType<typeof findMarginRollups>>[number];

/** The rollups summed by `keyOf`, each sum's margin. */
function groupRollups(rollups: Rollup[], keyOf: (row: Rollup) => string): MarginGroup[] {
  const sums = new Map<string, MarginFigures & { jobs: number }>();
  for (const row of rollups) {
    const key = keyOf(row);
    const sum = sums.get(key) ?? { ...NO_FIGURES, jobs: 0 };
    for (const name of FIGURE_NAMES) sum[name] += row[name];
    sum.jobs += row.jobs;
    sums.set(key, sum);
  }
  return [...sums.entries()].map(([key, sum]) => ({ key, jobs: sum.jobs, ...marginOf(sum) }));
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
  const [rollups, rows] = await Promise.all([
    findMarginRollups(db, range),
    findJobMarginPage(db, range, { after, limit: JOBS_PAGE_SIZE + 1 }),
  ]);
  const total = groupRollups(rollups, () => "All jobs")[0] ?? {
    key: "All jobs",
    jobs: 0,
    ...marginOf(NO_FIGURES),
  };
  const jobs = rows.slice(0, JOBS_PAGE_SIZE).map((job) => ({
    ...job,
    month: job.scheduled_date.slice(0, 7),
    ...marginOf(job),
  }));
  const last = jobs.at(-1);
  return {
    range: { from: range.from, to: range.to },
    total,
    byService: groupRollups(rollups, (r) => r.service_type).sort(byRevenue),
    bySuburb: groupRollups(rollups, (r) => r.suburb || "Unknown").sort(byRevenue),
    byMonth: groupRollups(rollups, (r) => r.month).sort((a, b) => b.key.localeCompare(a.key)),
    jobs,
    jobCount: total.jobs,
    after: after !== null,
    next:
      rows.length > JOBS_PAGE_SIZE && last
        ? encodeCursor({ value: last.scheduled_date, id: last.id })
        : null,
  };
}
