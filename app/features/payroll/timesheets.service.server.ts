import type { Kysely } from "kysely";
import { shareOfHours } from "~/features/assignments/assignments";
import { seatTipKey, tipsOfSeats } from "~/features/payments/tips.service.server";
import { getPaySettings } from "~/features/settings/pay-settings.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { jsonColumnOr } from "~/lib/json-column";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database, ServiceType } from "~/server/database";
import { sydneyDate } from "~/lib/sydney-time";
import { periodContaining, recentPeriods } from "./pay-periods";
import { baseCents, loadingFor, paidMinutes, rateFor } from "./pay-rules";
import { PAYROLL_TEXT, type AdjustLine } from "./payroll.schema";
import { ServiceRatesSchema } from "./pay-basis";
import {
  approvePendingLines,
  findLine,
  findLinesOfPeriod,
  findSeatsWithoutLines,
  insertTimesheetLines,
  updatePendingLine,
} from "./timesheets.repository.server";

// Timesheets (docs/decisions/0080-pay-rules.md): one line per seat of a completed job, adjusted
// by staff with a reason, approved (and so locked) by an owner; every change audited.

type Db = Kysely<Database>;
export type PayrollActor = { staffId: string; ip: string | null };

/**
 * Writes the missing timesheet lines of one completed job (by its quote), or of every completed
 * booking (the backfill at start, for jobs completed before timesheets existed). Hours come from the seat's check-in and check-out, else its share of
 * the quote's estimated hours: the hours that priced the job. Safe to run twice: a seat that has
 * a line keeps it. Returns how many lines were written.
 */
export async function generateTimesheetLines(db: Db, quoteId?: string, now = new Date()) {
  const seats = await findSeatsWithoutLines(db, quoteId);
  if (seats.length === 0) return 0;
  const [profile, settings] = await Promise.all([getBusinessProfile(db), getPaySettings(db)]);
  const loadings = {
    saturdayPercent: settings.saturdayLoadingPercent,
    sundayPercent: settings.sundayLoadingPercent,
    publicHolidayPercent: settings.publicHolidayLoadingPercent,
  };
  const at = now.toISOString();
  const rows = seats.map((seat) => {
    const service = seat.service_type as ServiceType;
    const rate = rateFor(
      {
        employmentType: seat.employment_type,
        rateCents: seat.pay_rate_cents,
        serviceRates: jsonColumnOr(ServiceRatesSchema, seat.service_pay_rates, {}),
      },
      service,
      profile.cleanerPayRateCents,
    );
    const { minutes, estimated } = paidMinutes({
      checkedInAt: seat.checked_in_at,
      checkedOutAt: seat.checked_out_at,
      shareOfEstimateHours: shareOfHours(seat.estimated_hours, seat.crew_size),
    });
    const loading = loadingFor(seat.scheduled_date, loadings);
    return {
      id: newId(),
      assignment_id: seat.assignment_id,
      booking_id: seat.booking_id,
      cleaner_id: seat.cleaner_id,
      work_date: seat.scheduled_date,
      service_type: service,
      minutes,
      estimated: estimated ? 1 : 0,
      rate_cents: rate,
      loading_kind: loading.kind,
      loading_percent: loading.percent,
      base_cents: baseCents(minutes, rate, loading.percent),
      created_at: at,
      updated_at: at,
    };
  });
  await insertTimesheetLines(db, rows);
  return rows.length;
}

async function auditLine(
  db: Db,
  actor: PayrollActor,
  action: string,
  lineId: string,
  details: object,
  at: string,
) {
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action,
    subject_type: "timesheet_line",
    subject_id: lineId,
    details: JSON.stringify(details),
    ip: actor.ip,
    created_at: at,
  });
}

/** Staff's adjustment and withholding on a pending line, with the reason; refused once approved. */
export async function adjustLine(
  db: Db,
  input: AdjustLine,
  actor: PayrollActor,
  now = new Date(),
): Promise<Result<object>> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<Result<object>> => {
    const before = await findLine(trx, input.lineId);
    if (!before) return failure("not_found", PAYROLL_TEXT.lineNotFound);
    const changed = await updatePendingLine(trx, input.lineId, {
      adjustment_cents: input.adjustment,
      adjustment_reason: input.adjustment === 0 ? null : input.reason,
      withholding_cents: input.withholding,
      updated_at: at,
    });
    if (!changed) return failure("conflict", PAYROLL_TEXT.lineLocked);
    await auditLine(
      trx,
      actor,
      "timesheet.adjusted",
      input.lineId,
      {
        from: {
          adjustmentCents: before.adjustment_cents,
          withholdingCents: before.withholding_cents,
        },
        to: { adjustmentCents: input.adjustment, withholdingCents: input.withholding },
        reason: input.reason,
      },
      at,
    );
    return { ok: true };
  });
}

/** An owner approves pending lines: each is locked from then on and audited. */
export async function approveLines(
  db: Db,
  lineIds: string[],
  actor: PayrollActor,
  now = new Date(),
) {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const approved = await approvePendingLines(trx, lineIds, { staffId: actor.staffId, at });
    for (const id of approved) {
      await auditLine(
        trx,
        actor,
        "timesheet.approved",
        id,
        { from: "pending", to: "approved" },
        at,
      );
    }
    return approved.length;
  });
}

/**
 * The timesheets screen: the period that starts on `from` (else the latest whole one), its lines
 * with their totals and their seat's tips, and the periods to choose from.
 */
export async function getTimesheet(db: Db, from: string | undefined, now = new Date()) {
  const settings = await getPaySettings(db);
  const today = sydneyDate(now);
  const periods = [
    periodContaining(today, settings.payPeriod),
    ...recentPeriods(today, settings.payPeriod, 8),
  ];
  const period =
    (from && periods.find((p) => p.start === from)) ||
    (from ? periodContaining(from, settings.payPeriod) : periods[1]!);
  const rows = await findLinesOfPeriod(db, { from: period.start, to: period.end, status: null });
  // Each seat's tips, beside its line (docs/decisions/0085-tips-ride-in-pay-runs.md).
  const tips = await tipsOfSeats(
    db,
    rows.map((row) => row.booking_id),
  );
  const lines = rows.map((row) => ({
    ...row,
    tip_cents: tips.get(seatTipKey(row.booking_id, row.cleaner_id)) ?? 0,
  }));
  return { period, periods, lines };
}
