import type { Kysely } from "kysely";
import { generateAbaFile } from "~/features/payroll/aba.service.server";
import { periodContaining } from "~/features/payroll/pay-periods";
import {
  approvePayRun,
  buildPayRun,
  markPayRunPaid,
} from "~/features/payroll/pay-runs.service.server";
import {
  adjustLine,
  approveLines,
  generateTimesheetLines,
  getTimesheet,
} from "~/features/payroll/timesheets.service.server";
import { DEFAULT_PAY_SETTINGS } from "~/features/settings/pay-settings";
import { updatePaySettings } from "~/features/settings/pay-settings.service.server";
import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import type { SeedContext } from "./seed-rows";

// The demo's payroll (docs/decisions/0080-pay-rules.md, 0081-pay-runs-pay-a-line-once.md): pay
// settings with loadings and a bank account, visit times on most seats of finished jobs, and
// their timesheet lines; the week before last paid (its ABA file written and remittances sent),
// last week's run a draft, and this week's lines waiting, some adjusted.

/** Check-in and check-out for two seats in three of finished jobs, a little off the estimate. */
export function addVisitTimes(ctx: SeedContext) {
  const bookings = new Map(ctx.rows.bookings.map((booking) => [booking.id, booking]));
  const quotes = new Map(ctx.rows.quotes.map((quote) => [quote.id, quote]));
  ctx.rows.assignments.forEach((assignment, index) => {
    const booking = assignment.booking_id ? bookings.get(assignment.booking_id) : undefined;
    if (assignment.status !== "accepted" || booking?.status !== "completed" || index % 3 === 2) {
      return;
    }
    const hours = Number(quotes.get(booking.quote_id)?.estimated_hours ?? 2);
    const crew = Number(booking.crew_size ?? 1);
    const start = sydneyInstant(booking.scheduled_date, booking.time_slot);
    const arrive = new Date(start.getTime() + ((index % 4) * 5 - 5) * 60_000);
    const minutes = Math.round((hours / Math.max(1, crew)) * 60) + ((index % 5) - 2) * 10;
    assignment.checked_in_at = arrive.toISOString();
    assignment.checked_out_at = new Date(arrive.getTime() + minutes * 60_000).toISOString();
  });
}

const REASONS = [
  "Parking at the building",
  "Extra oven clean the client asked for",
  "Supplies bought",
];

export async function seedDemoPayroll(
  db: Kysely<Database>,
  ctx: SeedContext,
  config: { dataEncryptionKey: string; publicUrl?: string },
) {
  const owner = { staffId: ctx.staffId, ip: null };
  await updatePaySettings(
    db,
    {
      ...DEFAULT_PAY_SETTINGS,
      saturdayLoadingPercent: 25,
      sundayLoadingPercent: 50,
      publicHolidayLoadingPercent: 150,
      bankBsb: "032000",
      bankAccount: "12345678",
      bankCode: "WBC",
      bankUserName: "Harbour and Gold Cleaning",
      apcaNumber: "301500",
    },
    owner,
    ctx.now,
  );
  await generateTimesheetLines(db, undefined, ctx.now);
  const thisWeek = periodContaining(sydneyDate(ctx.now), "weekly");
  const lastWeek = periodContaining(addDays(thisWeek.start, -1), "weekly");
  const weekBefore = periodContaining(addDays(lastWeek.start, -1), "weekly");
  for (const [index, period] of [weekBefore, lastWeek, thisWeek].entries()) {
    const { lines } = await getTimesheet(db, period.start, ctx.now);
    // The first two lines of each week carry an adjustment with its reason.
    for (const [n, line] of lines.slice(0, 2).entries()) {
      const adjustment = n === 0 ? 1500 + index * 500 : -1000;
      const reason = n === 0 ? REASONS[index]! : "Left 20 minutes early (client agreed)";
      await adjustLine(db, { lineId: line.id, adjustment, reason, withholding: 0 }, owner, ctx.now);
    }
    if (period === thisWeek) continue;
    await approveLines(
      db,
      lines.map((line) => line.id),
      owner,
      ctx.now,
    );
    const built = await buildPayRun(
      db,
      { periodStart: period.start, periodEnd: period.end },
      owner,
      ctx.now,
    );
    if (!built.ok || period === lastWeek) continue;
    await approvePayRun(db, built.runId, owner, ctx.now);
    await generateAbaFile(db, built.runId, owner, config.dataEncryptionKey, ctx.now);
    await markPayRunPaid(
      db,
      built.runId,
      owner,
      { publicUrl: config.publicUrl ?? "http://localhost:3000" },
      ctx.now,
    );
  }
}
