import type { Kysely } from "kysely";
import { decryptField, encryptField } from "~/lib/crypto.server";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { jsonColumnOr } from "~/lib/json-column";
import { failure, fieldFailure, type Failure } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import type { Database, NewAuditLogEntry } from "~/server/database";
import type { FieldErrors } from "~/lib/field-errors";
import { ADD_CLEANER_TEXT, PROFILE_TEXT } from "./cleaner-admin-copy";
import {
  CleanerBankSchema,
  CleanerDetailsSchema,
  type CleanerBankField,
  type CleanerDetailsField,
} from "./cleaner-details.schema";
import {
  cleanerEmailUsedByAnother,
  findCleanerForEdit,
  updateCleanerFields,
} from "./cleaners.repository.server";
import { CleanerTextListSchema } from "./public-profile.repository.server";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: staff edit a cleaner's
// contact details and services; owners their bank details, through the same encryption as the
// application (docs/decisions/0011-encrypted-bank-details.md). Each edit that changes something
// writes one audit entry naming the fields it changed, never their values, in the transaction of
// the change. The route checks the permission (cleaners.manage; sensitive.reveal for the bank).

export const CLEANER_DETAILS_CHANGED = "cleaner.details_changed";
export const CLEANER_BANK_DETAILS_CHANGED = "cleaner.bank_details_changed";

/** Who made the edit, for the audit entry. */
export type EditActor = { staffId: string; ip: string | null; now?: Date };

type EditFailure<Field extends string> = Failure<Field> & {
  values?: Partial<Record<Field, string>>;
};

/** The edit's answer: the fields it changed (none when the form matched what was stored). */
export type EditResult<Field extends string> = { ok: true; changed: Field[] } | EditFailure<Field>;

export const notFound = <Field extends string>() =>
  failure<Field>("not_found", PROFILE_TEXT.notFound);

export function refused<Field extends string>(parsed: {
  fieldErrors: FieldErrors<Field>;
  values: Partial<Record<Field, string>>;
}): EditFailure<Field> {
  const message =
    Object.values<string | undefined>(parsed.fieldErrors)[0] ?? PROFILE_TEXT.saveFailed;
  return { ...failure("invalid", message, parsed.fieldErrors), values: parsed.values };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");

export function auditRow(
  cleanerId: string,
  action: string,
  changed: readonly string[],
  actor: EditActor,
  at: string,
): NewAuditLogEntry {
  return {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action,
    subject_type: "cleaner",
    subject_id: cleanerId,
    // Which fields changed, never what they now say: the log is not a second copy of the data.
    details: JSON.stringify({ fields: changed }),
    ip: actor.ip,
    created_at: at,
  };
}

/** Contact details and services, from the profile's form; one cleaner per email address. */
export async function updateCleanerDetails(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData | URLSearchParams,
  actor: EditActor,
): Promise<EditResult<CleanerDetailsField>> {
  const parsed = parseForm(form, CleanerDetailsSchema);
  if (!parsed.ok) return refused(parsed);
  const input = parsed.value;
  const current = await findCleanerForEdit(db, cleanerId);
  if (!current) return notFound();
  const email = input.email.toLowerCase();
  const emailTaken = () =>
    fieldFailure<CleanerDetailsField>("conflict", "email", ADD_CLEANER_TEXT.duplicateEmail);
  const emailChanged = email !== current.email.toLowerCase();
  if (emailChanged && (await cleanerEmailUsedByAnother(db, email, cleanerId))) return emailTaken();

  const changed: CleanerDetailsField[] = [];
  if (input.name !== current.name) changed.push("name");
  if (emailChanged) changed.push("email");
  if (input.phone !== current.phone) changed.push("phone");
  if (input.location !== (current.location ?? "")) changed.push("location");
  if (input.preferredAreas !== (current.preferred_areas ?? "")) changed.push("preferredAreas");
  const services = jsonColumnOr(CleanerTextListSchema, current.services, [] as string[]);
  if (!sameList(input.services, services)) changed.push("services");
  if (changed.length === 0) return { ok: true, changed };

  const at = (actor.now ?? new Date()).toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const updated = await updateCleanerFields(trx, cleanerId, {
        name: input.name,
        email,
        phone: input.phone,
        location: input.location,
        preferred_areas: input.preferredAreas || null,
        services: JSON.stringify(input.services),
        updated_at: at,
      });
      if (!updated) return notFound<CleanerDetailsField>();
      await insertAuditEntry(trx, auditRow(cleanerId, CLEANER_DETAILS_CHANGED, changed, actor, at));
      // The name and services show on /provider/{id} and the home page's team.
      await bumpContentVersion(trx, new Date(at));
      return { ok: true as const, changed };
    });
  } catch (error) {
    // Another cleaner took the address between the check and the write: the unique index on
    // lower(email) refused it (migration 2026_11_25_1000_cleaner_email_unique).
    if (emailChanged && (await cleanerEmailUsedByAnother(db, email, cleanerId)))
      return emailTaken();
    throw error;
  }
}

/**
 * Bank details, from the owner's form. A typed BSB or account number replaces the stored one,
 * encrypted; a blank one keeps it. A number counts as changed only when it differs from the stored
 * one, so saving the form unchanged writes nothing.
 */
export async function updateCleanerBankDetails(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataEncryptionKey">,
  cleanerId: string,
  form: FormData | URLSearchParams,
  actor: EditActor,
): Promise<EditResult<CleanerBankField>> {
  const parsed = parseForm(form, CleanerBankSchema);
  if (!parsed.ok) return refused(parsed);
  const input = parsed.value;
  const current = await findCleanerForEdit(db, cleanerId);
  if (!current) return notFound();
  const key = config.dataEncryptionKey;
  const differs = (typed: string, stored: string | null) => {
    if (typed === "") return false;
    if (stored === null) return true;
    try {
      return decryptField(key, stored) !== typed;
    } catch {
      // Written under another key: what was typed replaces it.
      return true;
    }
  };

  const changed: CleanerBankField[] = [];
  if (input.bankName !== (current.bank_name ?? "")) changed.push("bankName");
  if (input.accountName !== (current.account_name ?? "")) changed.push("accountName");
  if (differs(input.bsb, current.bsb_encrypted)) changed.push("bsb");
  if (differs(input.accountNumber, current.account_number_encrypted)) changed.push("accountNumber");
  if (changed.length === 0) return { ok: true, changed };

  const at = (actor.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await updateCleanerFields(trx, cleanerId, {
      bank_name: input.bankName || null,
      account_name: input.accountName || null,
      ...(changed.includes("bsb") ? { bsb_encrypted: encryptField(key, input.bsb) } : {}),
      ...(changed.includes("accountNumber")
        ? {
            account_number_encrypted: encryptField(key, input.accountNumber),
            account_last4: input.accountNumber.slice(-4),
          }
        : {}),
      updated_at: at,
    });
    if (!updated) return notFound<CleanerBankField>();
    await insertAuditEntry(
      trx,
      auditRow(cleanerId, CLEANER_BANK_DETAILS_CHANGED, changed, actor, at),
    );
    return { ok: true as const, changed };
  });
}
