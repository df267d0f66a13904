import type { Kysely } from "kysely";
import { decryptField, encryptField } from "~/lib/crypto.server";
import { parseForm } from "~/lib/forms";
import { jsonColumnOr } from "~/lib/json-column";
import { fieldFailure } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database, ServiceType } from "~/server/database";
import {
  auditRow,
  notFound,
  refused,
  type EditActor,
  type EditResult,
} from "./cleaner-details.service.server";
import { findCleanerForEdit, updateCleanerFields } from "./cleaners.repository.server";
import {
  PAY_BASIS_TEXT,
  PayBasisSchema,
  SERVICE_RATE_FIELDS,
  ServiceRatesSchema,
  type PayBasisField,
  type PayBasisInput,
} from "./pay-basis.schema";

// docs/decisions/0092-pay-basis-and-other-payments.md: an owner sets how a cleaner is paid on
// their record. The timesheet line reads this basis when a job is completed
// (app/features/payroll/timesheets.service.server.ts), so a change applies to work completed
// afterwards and never rewrites a line. The TFN is encrypted as bank details are
// (docs/decisions/0011-encrypted-bank-details.md); the audit entry names the fields changed, never
// their values. The route checks the permission (sensitive.reveal, as for bank details).

export const CLEANER_PAY_BASIS_CHANGED = "cleaner.pay_basis_changed";

type Stored = NonNullable<Awaited<ReturnType<typeof findCleanerForEdit>>>;

/** The per-service rates typed, as the column stores them: only the services given a rate. */
function serviceRatesOf(input: PayBasisInput): Partial<Record<ServiceType, number>> {
  const rates: Partial<Record<ServiceType, number>> = {};
  for (const { field, service } of SERVICE_RATE_FIELDS) {
    const cents = input[field];
    if (cents !== null) rates[service] = cents;
  }
  return rates;
}

function sameRates(
  a: Partial<Record<ServiceType, number>>,
  b: Partial<Record<ServiceType, number>>,
) {
  return SERVICE_RATE_FIELDS.every(({ service }) => a[service] === b[service]);
}

function tfnDiffers(key: string, typed: string, stored: string | null) {
  if (typed === "") return false;
  if (stored === null) return true;
  try {
    return decryptField(key, stored) !== typed;
  } catch {
    // Written under another key: what was typed replaces it.
    return true;
  }
}

function changedFields(input: PayBasisInput, current: Stored, key: string) {
  const changed: PayBasisField[] = [];
  if (input.employmentType !== current.employment_type) changed.push("employmentType");
  if (input.employmentType === "contractor" && input.abn !== (current.abn_number ?? ""))
    changed.push("abn");
  if (tfnDiffers(key, input.tfn, current.tfn_encrypted)) changed.push("tfn");
  if (input.hourlyRate !== current.pay_rate_cents) changed.push("hourlyRate");
  const stored = jsonColumnOr(
    ServiceRatesSchema,
    current.service_pay_rates,
    {} as Partial<Record<ServiceType, number>>,
  );
  const typed = serviceRatesOf(input);
  for (const { field, service } of SERVICE_RATE_FIELDS) {
    if (typed[service] !== stored[service]) changed.push(field);
  }
  return { changed, ratesChanged: !sameRates(typed, stored), rates: typed };
}

/**
 * The pay basis form: contractor with an ABN, or employee with a TFN (a blank TFN keeps the
 * stored one; an employee without one on file must give it), the hourly rate and the rates per
 * service type. Saving the form unchanged writes nothing.
 */
export async function updateCleanerPayBasis(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataEncryptionKey">,
  cleanerId: string,
  form: FormData | URLSearchParams,
  actor: EditActor,
): Promise<EditResult<PayBasisField>> {
  const parsed = parseForm(form, PayBasisSchema);
  if (!parsed.ok) return refused(parsed);
  const input = parsed.value;
  const current = await findCleanerForEdit(db, cleanerId);
  if (!current) return notFound();
  if (input.employmentType === "employee" && input.tfn === "" && current.tfn_encrypted === null) {
    return fieldFailure("invalid", "tfn", PAY_BASIS_TEXT.tfnRequired);
  }
  const key = config.dataEncryptionKey;
  const { changed, ratesChanged, rates } = changedFields(input, current, key);
  if (changed.length === 0) return { ok: true, changed };

  const at = (actor.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await updateCleanerFields(trx, cleanerId, {
      employment_type: input.employmentType,
      ...(changed.includes("abn") ? { abn_number: input.abn, has_abn: 1 } : {}),
      ...(changed.includes("tfn") ? { tfn_encrypted: encryptField(key, input.tfn) } : {}),
      pay_rate_cents: input.hourlyRate,
      ...(ratesChanged
        ? { service_pay_rates: Object.keys(rates).length > 0 ? JSON.stringify(rates) : null }
        : {}),
      updated_at: at,
    });
    if (!updated) return notFound<PayBasisField>();
    await insertAuditEntry(trx, auditRow(cleanerId, CLEANER_PAY_BASIS_CHANGED, changed, actor, at));
    return { ok: true as const, changed };
  });
}
