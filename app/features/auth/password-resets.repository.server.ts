import type { Kysely } from "kysely";
import type { Database, NewStaffPasswordReset } from "~/server/database";

// All SQL on password reset links (docs/decisions/0045-password-changes-and-resets.md).

/** Stores a new link for the account; its earlier unused links stop working. */
export async function replacePasswordReset(trx: Kysely<Database>, row: NewStaffPasswordReset) {
  await trx
    .deleteFrom("staff_password_resets")
    .where("staff_id", "=", row.staff_id)
    .where("used_at", "is", null)
    .execute();
  await trx.insertInto("staff_password_resets").values(row).execute();
}

/** Links used or dead for a day are of no further use, even to the audit log (it has its own rows). */
export async function deleteStalePasswordResets(trx: Kysely<Database>, before: string) {
  await trx.deleteFrom("staff_password_resets").where("expires_at", "<", before).execute();
}

/** The unused, unexpired link with this token hash, with its account, or undefined. */
export async function findOpenPasswordReset(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom("staff_password_resets")
    .innerJoin("staff_users", "staff_users.id", "staff_password_resets.staff_id")
    .select([
      "staff_password_resets.id",
      "staff_password_resets.staff_id",
      "staff_users.email",
      "staff_users.deactivated_at",
    ])
    .where("staff_password_resets.token_hash", "=", tokenHash)
    .where("staff_password_resets.used_at", "is", null)
    .where("staff_password_resets.expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * Marks the link used if it still is unused and unexpired: one statement, so two browsers
 * posting the same link at once cannot both set a password.
 */
export async function claimPasswordReset(trx: Kysely<Database>, id: string, now: string) {
  const result = await trx
    .updateTable("staff_password_resets")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
