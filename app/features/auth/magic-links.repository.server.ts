import type { Kysely } from "kysely";
import type { Database, NewMagicLinkToken } from "~/server/database";

// All SQL of sign-in links, the customers' and the cleaners' alike
// (docs/decisions/0063-cleaner-app-sign-in.md): a link names one owner, by `customer_id` or
// `cleaner_id`, and only that kind of sign-in may use it.

export type MagicLinkOwnerKind = "customer" | "cleaner";

const OWNER_COLUMN = { customer: "customer_id", cleaner: "cleaner_id" } as const;

export async function insertMagicLink(db: Kysely<Database>, row: NewMagicLinkToken) {
  await db.insertInto("magic_link_tokens").values(row).execute();
}

/** A magic link by its token's hash, with what decides whether it can still be used. */
export async function findMagicLinkByHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("magic_link_tokens")
    .select(["id", "customer_id", "cleaner_id", "expires_at", "used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/**
 * Marks an open link of `kind` used (compare-and-set on used_at): of two clicks racing, exactly
 * one claims it. Returns its owner's id, or null when it was used, expired, unknown or another
 * kind's.
 */
export async function claimMagicLink(
  db: Kysely<Database>,
  kind: MagicLinkOwnerKind,
  tokenHash: string,
  now: string,
) {
  const column = OWNER_COLUMN[kind];
  const result = await db
    .updateTable("magic_link_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where(column, "is not", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await findMagicLinkByHash(db, tokenHash);
  return row?.[column] ?? null;
}

/** Links that can no longer be used, dropped when new ones are made so the table stays small. */
export async function deleteStaleMagicLinks(db: Kysely<Database>, before: string) {
  await db.deleteFrom("magic_link_tokens").where("expires_at", "<", before).execute();
}
