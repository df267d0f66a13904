import type { Kysely } from "kysely";
import { getPaySettings } from "~/features/settings/pay-settings.service.server";
import { hasBankDetails } from "~/features/settings/pay-settings";
import { decryptField } from "~/lib/crypto.server";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { writeAbaFile, type AbaPayment } from "./aba";
import { runTotals } from "./pay-run-summary";
import { findPayRun, findRunCleanersBank } from "./pay-runs.repository.server";
import { runPays } from "./pay-runs.service.server";
import { PAYROLL_TEXT } from "./payroll.schema";
import type { PayrollActor } from "./timesheets.service.server";

// The ABA file of an approved run (docs/decisions/0082-aba-bank-file.md). The cleaners' BSBs and
// account numbers are decrypted here only, for the file being written, and every generation is
// audited (the run, the count and the total: never an account number).

export type AbaFile = { fileName: string; body: string; payments: number; totalCents: number };

export async function generateAbaFile(
  db: Kysely<Database>,
  runId: string,
  actor: PayrollActor,
  encryptionKey: string,
  now = new Date(),
): Promise<Result<AbaFile>> {
  const run = await findPayRun(db, runId);
  if (!run) return failure("not_found", PAYROLL_TEXT.runNotFound);
  if (run.status === "draft") return failure("conflict", PAYROLL_TEXT.notApproved);
  const settings = await getPaySettings(db);
  if (!hasBankDetails(settings)) return failure("conflict", PAYROLL_TEXT.noBankDetails);
  const [pays, banks] = await Promise.all([runPays(db, runId), findRunCleanersBank(db, runId)]);
  const bankOf = new Map(banks.map((bank) => [bank.id, bank]));
  const missing = pays
    .filter((pay) => {
      const bank = bankOf.get(pay.cleanerId);
      return !bank?.bsb_encrypted || !bank.account_number_encrypted;
    })
    .map((pay) => pay.name);
  if (missing.length > 0) return failure("conflict", PAYROLL_TEXT.missingCleanerBank(missing));
  const payments: AbaPayment[] = pays.map((pay) => {
    const bank = bankOf.get(pay.cleanerId)!;
    return {
      bsb: decryptField(encryptionKey, bank.bsb_encrypted!),
      account: decryptField(encryptionKey, bank.account_number_encrypted!),
      accountName: bank.account_name ?? pay.name,
      amountCents: pay.netCents,
      reference: `PAY ${run.reference}`,
    };
  });
  const body = writeAbaFile(
    {
      bankCode: settings.bankCode,
      userName: settings.bankUserName,
      apcaNumber: settings.apcaNumber,
      description: "PAY RUN",
      processDate: sydneyDate(now),
      bsb: settings.bankBsb,
      account: settings.bankAccount,
      remitter: settings.bankUserName,
    },
    payments,
  );
  const paid = payments.filter((payment) => payment.amountCents > 0);
  const totalCents = paid.reduce((sum, payment) => sum + payment.amountCents, 0);
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action: "pay_run.aba_generated",
    subject_type: "pay_run",
    subject_id: runId,
    details: JSON.stringify({
      payments: paid.length,
      totalCents,
      netCents: runTotals(pays).netCents,
    }),
    ip: actor.ip,
    created_at: now.toISOString(),
  });
  return {
    ok: true,
    fileName: `${run.reference}.aba`,
    body,
    payments: paid.length,
    totalCents,
  };
}
