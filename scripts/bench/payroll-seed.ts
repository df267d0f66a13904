// The data of `npm run bench:payroll`: cleaners with bank details, and a year of completed jobs,
// one seat each, with their approved timesheet lines; the last whole pay week holds `runLines` of
// them. One cleaner, job and line are made through the payroll's own code, then copied by the
// database (copy-rows.ts) so the copies are what the app writes on both dialects.
import { sql, type Kysely } from "kysely";
import { recentPeriods } from "~/features/payroll/pay-periods";
import { addCleaner, addJob, OWNER } from "~/features/payroll/payroll.test-data";
import { approveLines, generateTimesheetLines } from "~/features/payroll/timesheets.service.server";
import { updatePaySettings } from "~/features/settings/pay-settings.service.server";
import { DEFAULT_PAY_SETTINGS } from "~/features/settings/pay-settings";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { fillMarginRollups } from "~/server/migrations/2026_12_01_1300_margin_rollups";
import type { Dialect } from "../../tests/helpers/sql-dialects";
import { caseOf, copyRows } from "../../tests/helpers/copy-rows";
import { switchTriggers } from "../../tests/helpers/count-tables";

export type PayrollCounts = { cleaners: number; runLines: number; yearJobs: number };
export const PAYROLL_COUNTS: PayrollCounts = { cleaners: 500, runLines: 10_000, yearJobs: 100_000 };

const SERVICES = ["residential", "commercial", "post-construction"];
const SUBURBS = Array.from({ length: 60 }, (_, n) => `Suburb ${n + 1}`);

/** The week a run is drafted for: the last whole one before today. */
export function benchPeriod(now: Date) {
  const [period] = recentPeriods(sydneyDate(now), "weekly", 1);
  return { periodStart: period!.start, periodEnd: period!.end };
}

async function templateLine(db: Kysely<Database>, date: string) {
  const cleanerId = await addCleaner(db, { name: "Bench Cleaner", rateCents: 3800 });
  const { bookingId } = await addJob(db, { date, hours: 3, seats: [{ cleanerId }] });
  await generateTimesheetLines(db);
  const line = await db
    .selectFrom("timesheet_lines as t")
    .innerJoin("bookings as b", "b.id", "t.booking_id")
    .select(["t.id", "t.assignment_id", "b.quote_id"])
    .where("t.booking_id", "=", bookingId)
    .executeTakeFirstOrThrow();
  await approveLines(db, [line.id], OWNER);
  const { id: lineId, assignment_id: assignmentId, quote_id: quoteId } = line;
  return { cleanerId, quoteId, bookingId, lineId, assignmentId };
}

/** Seeds `counts` around `now` (the business's bank details included, for the ABA file). */
export async function seedPayroll(
  db: Kysely<Database>,
  d: Dialect,
  counts: PayrollCounts,
  now: Date,
) {
  await updatePaySettings(
    db,
    {
      ...DEFAULT_PAY_SETTINGS,
      bankBsb: "032000",
      bankAccount: "987654",
      bankCode: "WBC",
      bankUserName: "Harbour and Gold",
      apcaNumber: "123456",
    },
    OWNER,
  );
  const period = benchPeriod(now);
  // The template's own job is a day before the year, so it is in no figure.
  const template = await templateLine(db, addDays(sydneyDate(now), -400));
  await copyRows({ db, d, count: counts.cleaners, templateId: template.cleanerId }, "cleaners", {
    id: `'pc' || ${d.pad("s.i", 5)}`,
    name: `'Bench Cleaner ' || s.i`,
    email: `'bench-cleaner-' || s.i || '@example.com'`,
  });
  const week = Array.from({ length: 7 }, (_, n) => addDays(period.periodStart, n));
  const year = Array.from({ length: 357 }, (_, n) => addDays(period.periodStart, -357 + n));
  // PostgreSQL's per-row triggers on quotes, bookings and offers (the lead and booking counts,
  // admin-lists-seed.ts) update the same few rows for every job; the pay figures read none of
  // them, so they are off for the load. The margins' triggers on bookings and timesheet lines are
  // off too, and their rollups filled once after, as the migration fills them
  // (docs/decisions/0095-margins-from-monthly-rollups.md).
  const loaded = ["quotes", "bookings", "assignments", "timesheet_lines"];
  await switchTriggers(db, d, loaded, false);
  await copyJobs(db, d, template, { prefix: "w", count: counts.runLines, dates: week, counts });
  const older = counts.yearJobs - counts.runLines;
  await copyJobs(db, d, template, { prefix: "y", count: older, dates: year, counts });
  await switchTriggers(db, d, loaded, true);
  if (d.name === "postgres") await fillMarginRollups(db);
  if (d.name === "postgres") await sql`analyze`.execute(db);
  return period;
}

/** `count` completed jobs on `dates` (round the clock by row), each with its approved line. */
async function copyJobs(
  db: Kysely<Database>,
  d: Dialect,
  template: Awaited<ReturnType<typeof templateLine>>,
  jobs: { prefix: string; count: number; dates: string[]; counts: PayrollCounts },
) {
  if (jobs.count <= 0) return;
  const id = (kind: string) => `'${jobs.prefix}${kind}' || ${d.pad("s.i", 7)}`;
  const date = caseOf(`(s.i % ${jobs.dates.length})`, jobs.dates);
  const cleaner = `'pc' || ${d.pad(`(s.i % ${jobs.counts.cleaners} + 1)`, 5)}`;
  const copy = { db, d, count: jobs.count };
  // A quote each, as the site books them: the dashboard's triggers recompute every booking of a
  // quote an offer is made on, which for one shared quote would be every job, for every job.
  await copyRows({ ...copy, templateId: template.quoteId }, "quotes", {
    id: id("q"),
    reference: `'HG-${jobs.prefix.toUpperCase()}Q' || s.i`,
    service_type: caseOf(`(s.i % ${SERVICES.length})`, SERVICES),
  });
  await copyRows({ ...copy, templateId: template.bookingId }, "bookings", {
    id: id("b"),
    quote_id: id("q"),
    reference: `'HG-${jobs.prefix.toUpperCase()}B' || s.i`,
    scheduled_date: date,
    // Spread over suburbs, so the margins' rollups have a row per month and suburb.
    suburb: caseOf(`(s.i % ${SUBURBS.length})`, SUBURBS),
  });
  await copyRows({ ...copy, templateId: template.assignmentId }, "assignments", {
    id: id("a"),
    quote_id: id("q"),
    booking_id: id("b"),
    cleaner_id: cleaner,
    scheduled_date: date,
    token_hash: id("t"),
  });
  await copyRows({ ...copy, templateId: template.lineId }, "timesheet_lines", {
    id: id("l"),
    assignment_id: id("a"),
    booking_id: id("b"),
    cleaner_id: cleaner,
    work_date: date,
  });
}
