import type { Kysely } from "kysely";
import type { Database, NewSession, SessionsTable } from "~/server/database";

export async function findSessionById(
  db: Kysely<Database>,
  id: string,
  kind: SessionsTable["kind"],
) {
  return db
    .selectFrom("sessions")
    .selectAll()
    .where("id", "=", id)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

export async function findStaffUserById(db: Kysely<Database>, id: string) {
  return (
    db
      .selectFrom("staff_users")
      .select(["id", "email", "name", "theme", "totp_enabled", "role"])
      .where("id", "=", id)
      // A deactivated account's sessions are deleted when it is deactivated; this is the second lock.
      .where("deactivated_at", "is", null)
      .executeTakeFirst()
  );
}

export async function insertSession(db: Kysely<Database>, row: NewSession) {
  await db.insertInto("sessions").values(row).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string) {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function deleteSessionsOfUser(
  db: Kysely<Database>,
  kind: SessionsTable["kind"],
  userId: string,
) {
  await db.deleteFrom("sessions").where("kind", "=", kind).where("user_id", "=", userId).execute();
}

/** Every `kind` session of the user but the one `keepId` names (the browser making the change). */
export async function deleteOtherSessionsOfUser(
  db: Kysely<Database>,
  kind: SessionsTable["kind"],
  userId: string,
  keepId: string,
) {
  await db
    .deleteFrom("sessions")
    .where("kind", "=", kind)
    .where("user_id", "=", userId)
    .where("id", "!=", keepId)
    .execute();
}

/** Moves last_seen_at forward unless another request already did within the last `minAgeMs`. */
export async function touchSession(db: Kysely<Database>, id: string, now: Date, minAgeMs: number) {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: now.toISOString() })
    .where("id", "=", id)
    .where("last_seen_at", "<", new Date(now.getTime() - minAgeMs).toISOString())
    .execute();
}

/** Sessions past their absolute expiry or idle for longer than `idleMs`. */
export async function deleteDeadSessions(db: Kysely<Database>, now: Date, idleMs: number) {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now.toISOString()),
        eb("last_seen_at", "<=", new Date(now.getTime() - idleMs).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
