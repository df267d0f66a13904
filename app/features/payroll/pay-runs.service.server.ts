import type { Kysely } from "kysely";
import { recordTransactions } from "~/features/ledger/ledger.server";
import { getPaySettings } from "~/features/settings/pay-settings.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { newId, newReference } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database, PayRunStatus } from "~/server/database";
import { isPeriod, recentPeriods } from "./pay-periods";
import { payByCleaner, runTotals } from "./pay-run-summary";
import {
  claimLinesForRun,
  deleteDraftPayRun,
  findPayRun,
  findPayRuns,
  findRunLines,
  insertPayRun,
  updatePayRunStatusIf,
} from "./pay-runs.repository.server";
import { claimTipsForRun, findRunTips, releaseRunTips } from "./pay-run-tips.repository.server";
import { PAYROLL_TEXT } from "./payroll.schema";
import { enqueueRemittances } from "./remittance.server";
import type { PayrollActor } from "./timesheets.service.server";

// Pay runs (docs/decisions/0081-pay-runs-pay-a-line-once.md): a draft gathers the period's
// approved lines that no run holds, an owner approves it, and marks it paid once the bank has the
// ABA file. Each step is a compare-and-set with an audit entry.

type Db = Kysely<Database>;

/** Thrown to roll back a run that took no lines; answered as "nothing to pay". */
class EmptyRunError extends Error {}

async function auditRun(
  db: Db,
  actor: PayrollActor,
  action: string,
  runId: string,
  details: object,
  at: string,
) {
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action,
    subject_type: "pay_run",
    subject_id: runId,
    details: JSON.stringify(details),
    ip: actor.ip,
    created_at: at,
  });
}

/**
 * Drafts a run for a whole pay period with every approved line of it that no run holds. Two
 * owners building at once, or one building twice, get one run with the lines and a "nothing to
 * pay" answer: the lines' key in pay_run_lines lets each line into one run only.
 */
export async function buildPayRun(
  db: Db,
  period: { periodStart: string; periodEnd: string },
  actor: PayrollActor,
  now = new Date(),
): Promise<Result<{ runId: string; reference: string; lines: number }>> {
  const settings = await getPaySettings(db);
  if (!isPeriod(period.periodStart, period.periodEnd, settings.payPeriod)) {
    return failure("invalid", PAYROLL_TEXT.notAPeriod);
  }
  const at = now.toISOString();
  const runId = newId();
  const reference = newReference("PR");
  try {
    const lines = await db.transaction().execute(async (trx) => {
      await insertPayRun(trx, {
        id: runId,
        reference,
        period_start: period.periodStart,
        period_end: period.periodEnd,
        status: "draft",
        created_by: actor.staffId,
        approved_by: null,
        approved_at: null,
        paid_by: null,
        paid_at: null,
        created_at: at,
        updated_at: at,
      });
      const claim = { id: runId, from: period.periodStart, to: period.periodEnd };
      const claimed = await claimLinesForRun(trx, claim);
      // docs/decisions/0085-tips-ride-in-pay-runs.md: the period's tips go with its pay.
      const tips = await claimTipsForRun(trx, claim);
      if (claimed === 0 && tips === 0) throw new EmptyRunError();
      await auditRun(trx, actor, "pay_run.drafted", runId, { lines: claimed, tips, ...period }, at);
      return claimed;
    });
    return { ok: true, runId, reference, lines };
  } catch (error) {
    if (error instanceof EmptyRunError) return failure("conflict", PAYROLL_TEXT.nothingToPay);
    throw error;
  }
}

async function moveRun(
  db: Db,
  runId: string,
  step: { from: PayRunStatus; to: PayRunStatus; refusal: string },
  actor: PayrollActor,
  now: Date,
  alongside?: (trx: Db) => Promise<void>,
): Promise<Result<object>> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<Result<object>> => {
    const run = await findPayRun(trx, runId);
    if (!run) return failure("not_found", PAYROLL_TEXT.runNotFound);
    const who = step.to === "approved" ? "approved" : "paid";
    const moved = await updatePayRunStatusIf(trx, runId, step.from, {
      status: step.to,
      [`${who}_by`]: actor.staffId,
      [`${who}_at`]: at,
      updated_at: at,
    });
    if (!moved) return failure("conflict", step.refusal);
    await auditRun(
      trx,
      actor,
      "pay_run.status_changed",
      runId,
      { from: step.from, to: step.to },
      at,
    );
    await alongside?.(trx);
    return { ok: true };
  });
}

/** An owner approves a draft: its lines are then fixed, and the ABA file can be written. */
export async function approvePayRun(db: Db, runId: string, actor: PayrollActor, now = new Date()) {
  return moveRun(
    db,
    runId,
    { from: "draft", to: "approved", refusal: PAYROLL_TEXT.notDraft },
    actor,
    now,
  );
}

/** Deletes a draft run: its lines go back to waiting for a run. */
export async function deleteDraftRun(db: Db, runId: string, actor: PayrollActor, now = new Date()) {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<Result<object>> => {
    if (!(await findPayRun(trx, runId))) return failure("not_found", PAYROLL_TEXT.runNotFound);
    if (!(await deleteDraftPayRun(trx, runId))) return failure("conflict", PAYROLL_TEXT.notDraft);
    await releaseRunTips(trx, runId);
    await auditRun(trx, actor, "pay_run.deleted", runId, { from: "draft" }, at);
    return { ok: true };
  });
}

/**
 * Marks an approved run paid, after the owner uploaded its ABA file: in one transaction the run
 * moves approved -> paid, each cleaner's labour cost (what they earned plus super) enters the
 * ledger as a completed payout, so the dashboard's expenses count it
 * (docs/decisions/0021-one-definition-of-money-figures.md), and each cleaner's remittance advice
 * is queued in the outbox.
 */
export async function markPayRunPaid(
  db: Db,
  runId: string,
  actor: PayrollActor,
  options: { publicUrl: string },
  now = new Date(),
) {
  return moveRun(
    db,
    runId,
    { from: "approved", to: "paid", refusal: PAYROLL_TEXT.notApproved },
    actor,
    now,
    async (trx) => {
      const run = (await findPayRun(trx, runId))!;
      const pays = await runPays(trx, runId);
      const at = now.toISOString();
      await recordTransactions(
        trx,
        pays.map((pay) => ({
          id: newId(),
          reference_id: run.reference,
          description: `Pay run, ${pay.name}`,
          type: "payout",
          // The tips it carries out too, so profit keeps adding the tips back
          // (docs/decisions/0078-tips-go-to-the-crew.md).
          amount_cents: pay.grossCents + pay.superCents + pay.tipsCents,
          category: null,
          status: "completed",
          payment_id: null,
          payout_id: null,
          created_at: at,
        })),
      );
      const profile = await getBusinessProfile(trx);
      await enqueueRemittances(trx, { run, pays, profile, publicUrl: options.publicUrl });
    },
  );
}

/** What the run pays each cleaner: its lines' pay and the tips it carries. */
export async function runPays(db: Db, runId: string) {
  const [lines, tips] = await Promise.all([findRunLines(db, runId), findRunTips(db, runId)]);
  return payByCleaner(lines, tips);
}

export async function listPayRuns(db: Db) {
  return findPayRuns(db);
}

/** A run, its lines and what it pays each cleaner; null when there is no such run. */
export async function getPayRun(db: Db, runId: string) {
  const run = await findPayRun(db, runId);
  if (!run) return null;
  const pays = await runPays(db, runId);
  return {
    run,
    pays,
    totals: runTotals(pays),
    paidOn: run.paid_at ? sydneyDate(new Date(run.paid_at)) : null,
  };
}

/** The pay runs screen: the runs, and the periods a new run may cover (latest first). */
export async function getPayRunsScreen(db: Db, now = new Date()) {
  const settings = await getPaySettings(db);
  const [runs, periods] = [
    await findPayRuns(db),
    recentPeriods(sydneyDate(now), settings.payPeriod, 8),
  ];
  return { runs, periods };
}
