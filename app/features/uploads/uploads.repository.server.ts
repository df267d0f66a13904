import type { Kysely } from "kysely";
import type { Database, NewUpload, UploadRow } from "~/server/database";

export type { UploadRow };

export async function insertUpload(db: Kysely<Database>, row: NewUpload) {
  await db.insertInto("uploads").values(row).execute();
}

export async function findUploadById(db: Kysely<Database>, id: string) {
  return db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findUploadsByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("uploads").selectAll().where("id", "in", ids).execute();
}

/** Claims the still unclaimed uploads among `ids` for a quote; returns how many it claimed. */
export async function claimUploadsForQuote(
  db: Kysely<Database>,
  ids: readonly string[],
  quoteId: string,
  claimedAt: string,
) {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable("uploads")
    .set({ quote_id: quoteId, claimed_at: claimedAt })
    .where("id", "in", ids)
    .where("purpose", "=", "quote_photo")
    .where("claimed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Claims an unclaimed applicant photo for a cleaner; true when it did. */
export async function claimUploadForCleaner(
  db: Kysely<Database>,
  id: string,
  cleanerId: string,
  claimedAt: string,
) {
  const result = await db
    .updateTable("uploads")
    .set({ cleaner_id: cleanerId, claimed_at: claimedAt })
    .where("id", "=", id)
    .where("purpose", "=", "applicant_photo")
    .where("claimed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unclaimed uploads made before `before`, oldest first. */
export async function findUnclaimedBefore(db: Kysely<Database>, before: string, limit: number) {
  return db
    .selectFrom("uploads")
    .select(["id", "key"])
    .where("claimed_at", "is", null)
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** Deletes those of `ids` still unclaimed; returns the rows it deleted. */
export async function deleteUnclaimed(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .deleteFrom("uploads")
    .where("id", "in", ids)
    .where("claimed_at", "is", null)
    .returning(["id", "key"])
    .execute();
}

/** Claims an unclaimed job photo (the job's photo row holds it); true when it did. */
export async function claimJobPhotoUpload(db: Kysely<Database>, id: string, claimedAt: string) {
  const result = await db
    .updateTable("uploads")
    .set({ claimed_at: claimedAt })
    .where("id", "=", id)
    .where("purpose", "=", "job_photo")
    .where("claimed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes one upload of `purpose`; returns its object key, or undefined when there was none. */
export async function deleteUploadOf(
  db: Kysely<Database>,
  id: string,
  purpose: UploadRow["purpose"],
) {
  const row = await db
    .deleteFrom("uploads")
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .returning(["key"])
    .executeTakeFirst();
  return row?.key;
}
