import type { Kysely } from "kysely";
import type { Database, IdempotencyKeysTable } from "~/server/database";

export type StoredAnswer = Pick<
  IdempotencyKeysTable,
  "request_hash" | "response_status" | "response_body"
>;

/** The answer stored for a key, unless it has expired. */
export async function findStoredAnswer(
  db: Kysely<Database>,
  scope: string,
  keyHash: string,
  now: string,
): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response_status", "response_body"])
    .where("scope", "=", scope)
    .where("key_hash", "=", keyHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * Stores an answer, in the transaction that made what it answers. A second request with the same
 * key that got this far at the same time fails on the primary key, and its transaction (its
 * quote too) rolls back. Expired rows go first, so an old key can be used again.
 */
export async function insertStoredAnswer(db: Kysely<Database>, row: IdempotencyKeysTable) {
  await db.deleteFrom("idempotency_keys").where("expires_at", "<=", row.created_at).execute();
  await db.insertInto("idempotency_keys").values(row).execute();
}
