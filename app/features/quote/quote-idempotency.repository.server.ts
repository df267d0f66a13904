import type { Kysely } from "kysely";
import { z } from "zod";
import { readJsonColumn } from "~/lib/json-column";
import type { Database, IdempotencyKeysTable } from "~/server/database";

/**
 * idempotency_keys.response_body: the JSON object the API answered (quoteCreatedBody), replayed
 * as it was; its resultUrl is also the replay's Location.
 */
export const StoredAnswerBodySchema = z.looseObject({ resultUrl: z.string().optional() });
export type StoredAnswerBody = z.infer<typeof StoredAnswerBodySchema>;

export type StoredAnswer = Pick<IdempotencyKeysTable, "request_hash" | "response_status"> & {
  response_body: StoredAnswerBody;
};

/**
 * The answer stored for a key, unless it has expired. A body that is no longer JSON throws
 * InvalidStoredJsonError (a 500 for the retry): answering anything else, or treating the key as
 * new, could tell the caller a wrong reference or store their quote twice.
 */
export async function findStoredAnswer(
  db: Kysely<Database>,
  scope: string,
  keyHash: string,
  now: string,
): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response_status", "response_body"])
    .where("scope", "=", scope)
    .where("key_hash", "=", keyHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    response_body: readJsonColumn(
      StoredAnswerBodySchema,
      row.response_body,
      "idempotency_keys.response_body",
    ),
  };
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
