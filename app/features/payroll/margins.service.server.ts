import type { Kysely } from "kysely";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { findCompletedJobs, findLinesForMargin } from "./margins.repository.server";
import { groupMargins, jobMargins, totalMargin } from "./margins";

/** How many jobs the margin screen lists one by one (the groups count every job). */
export const JOBS_SHOWN = 100;

/** The margins of the last twelve months' completed jobs: each job, and by service, suburb and month. */
export async function getMargins(db: Kysely<Database>, now = new Date()) {
  const to = sydneyDate(now);
  const range = { from: `${addDays(to, -365).slice(0, 7)}-01`, to };
  const [jobs, lines] = await Promise.all([
    findCompletedJobs(db, range),
    findLinesForMargin(db, range),
  ]);
  const margins = jobMargins(jobs, lines);
  return {
    range,
    total: totalMargin(margins),
    byService: groupMargins(margins, (job) => job.service_type),
    bySuburb: groupMargins(margins, (job) => job.suburb ?? "Unknown"),
    byMonth: groupMargins(margins, (job) => job.month).sort((a, b) => b.key.localeCompare(a.key)),
    jobs: margins.slice(0, JOBS_SHOWN),
    jobCount: margins.length,
  };
}
