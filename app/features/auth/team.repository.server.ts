import { PostgresAdapter, type Kysely } from "kysely";
import type { Database, NewStaffInvitation } from "~/server/database";

// All SQL of the Team screen: the accounts list, owner counting and invitations.

export async function listStaffAccounts(db: Kysely<Database>) {
  return db
    .selectFrom("staff_users")
    .select([
      "id",
      "name",
      "email",
      "role",
      "deactivated_at",
      "last_sign_in_at",
      "created_at",
      "totp_enabled",
    ])
    .orderBy("deactivated_at", (ob) => ob.desc().nullsFirst())
    .orderBy("name")
    .orderBy("email")
    .execute();
}

export async function findStaffAccount(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("staff_users")
    .select(["id", "name", "email", "role", "deactivated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * The ids of the active owners, locked until the transaction ends on PostgreSQL, so two
 * owners demoting each other at once are taken one after the other (the second sees the first's
 * change). SQLite has one writer at a time already.
 */
export async function lockActiveOwnerIds(trx: Kysely<Database>) {
  let query = trx
    .selectFrom("staff_users")
    .select("id")
    .where("role", "=", "owner")
    .where("deactivated_at", "is", null)
    .orderBy("id");
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

export async function setStaffRole(db: Kysely<Database>, id: string, role: string, at: string) {
  await db.updateTable("staff_users").set({ role, updated_at: at }).where("id", "=", id).execute();
}

export async function setStaffDeactivatedAt(
  db: Kysely<Database>,
  id: string,
  deactivatedAt: string | null,
  at: string,
) {
  await db
    .updateTable("staff_users")
    .set({ deactivated_at: deactivatedAt, updated_at: at })
    .where("id", "=", id)
    .execute();
}

/** Invitations with the name of the member of staff who sent each. */
function invitationsWithInviter(db: Kysely<Database>) {
  return db
    .selectFrom("staff_invitations")
    .leftJoin("staff_users", "staff_users.id", "staff_invitations.invited_by")
    .select([
      "staff_invitations.id",
      "staff_invitations.email",
      "staff_invitations.role",
      "staff_invitations.expires_at",
      "staff_users.name as invited_by_name",
    ]);
}

export async function listOpenInvitations(db: Kysely<Database>, now: string) {
  return invitationsWithInviter(db)
    .where("staff_invitations.used_at", "is", null)
    .where("staff_invitations.expires_at", ">", now)
    .orderBy("staff_invitations.created_at", "desc")
    .execute();
}

/** Replaces any invitation for the same email: its old link stops working. */
export async function replaceInvitation(trx: Kysely<Database>, row: NewStaffInvitation) {
  await trx.deleteFrom("staff_invitations").where("email", "=", row.email).execute();
  await trx.insertInto("staff_invitations").values(row).execute();
}

export async function findInvitationByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return invitationsWithInviter(db)
    .select(["staff_invitations.used_at", "staff_invitations.invited_by"])
    .where("staff_invitations.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the invitation used if it is still unused and unexpired: one statement, so two
 * browsers submitting the same link at once cannot both make an account.
 */
export async function claimInvitation(trx: Kysely<Database>, tokenHash: string, now: string) {
  const result = await trx
    .updateTable("staff_invitations")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
