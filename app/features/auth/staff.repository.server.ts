import type { Kysely, Updateable } from "kysely";
import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";
import type { Database, NewStaffUser, StaffUserRow, StaffUsersTable } from "~/server/database";

// All SQL on staff accounts. Emails arrive normalised.

/**
 * staff_users.recovery_codes: the SHA-256 hashes of the unused recovery codes. A list that does
 * not fit reads as empty: no recovery code is accepted (the authenticator app still is), which
 * fails closed rather than open.
 */
export const RecoveryCodeHashesSchema = z.array(z.string());

export type StaffAccountRow = Omit<StaffUserRow, "recovery_codes"> & {
  recovery_codes: string[];
};

function toAccountRow(row: StaffUserRow): StaffAccountRow {
  return { ...row, recovery_codes: jsonColumnOr(RecoveryCodeHashesSchema, row.recovery_codes, []) };
}

export async function findStaffByEmail(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom("staff_users")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirst();
  return row && toAccountRow(row);
}

export async function findStaffAuthById(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom("staff_users")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toAccountRow(row);
}

export async function countStaff(db: Kysely<Database>) {
  const row = await db
    .selectFrom("staff_users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(db: Kysely<Database>, row: NewStaffUser) {
  await db.insertInto("staff_users").values(row).execute();
}

export async function updateStaff(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<StaffUsersTable>,
) {
  await db.updateTable("staff_users").set(changes).where("id", "=", id).execute();
}

/**
 * Records `step` as the last TOTP step used, only if it is later than the one stored: one
 * statement, so two requests racing with the same code cannot both win.
 */
export async function claimTotpStep(db: Kysely<Database>, id: string, step: number) {
  const result = await db
    .updateTable("staff_users")
    .set({ totp_last_step: step })
    .where("id", "=", id)
    .where("totp_enabled", "=", 1)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Replaces the recovery code list only if nobody changed it since it was read (the stored text is
 * always written by JSON.stringify, so the list read back compares as the same text).
 */
export async function swapRecoveryCodes(
  db: Kysely<Database>,
  id: string,
  expected: string[],
  next: string[],
) {
  const result = await db
    .updateTable("staff_users")
    .set({ recovery_codes: JSON.stringify(next), updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("recovery_codes", "=", JSON.stringify(expected))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Turns two-factor sign-in on with its first code's step and the hashed recovery codes, only if
 * it is still off and the pending secret is the one the code was checked against. False when not.
 */
export async function enableStaffTwoFactor(
  db: Kysely<Database>,
  change: {
    staffId: string;
    pendingSecret: string;
    step: number;
    recoveryCodes: string[];
    at: string;
  },
) {
  const result = await db
    .updateTable("staff_users")
    .set({
      totp_enabled: 1,
      totp_last_step: change.step,
      recovery_codes: JSON.stringify(change.recoveryCodes),
      updated_at: change.at,
    })
    .where("id", "=", change.staffId)
    .where("totp_enabled", "=", 0)
    .where("totp_secret_encrypted", "=", change.pendingSecret)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
