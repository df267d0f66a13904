import { sql, type Kysely } from "kysely";
import type { Database, NewContactMessage } from "~/server/database";
import { containsPattern } from "~/lib/like-pattern";

export async function insertContactMessage(db: Kysely<Database>, row: NewContactMessage) {
  await db.insertInto("contact_messages").values(row).execute();
}

export type ContactInboxQuery = {
  search?: string;
  status?: "open" | "handled";
  /** The last row of the previous page: its created_at and id */
  after?: { value: string; id: string };
  limit: number;
};

/**
 * One keyset page of contact messages, newest first with the id as tie-break. The search is one
 * lower() and LIKE over the name, email and text joined by newlines (which a search box cannot
 * hold, so a match cannot run from one field into the next). The same SQL on both dialects.
 */
export async function findContactMessagePage(db: Kysely<Database>, query: ContactInboxQuery) {
  let select = db
    .selectFrom("contact_messages")
    .select([
      "id",
      "first_name",
      "last_name",
      "email",
      "phone",
      "message",
      "created_at",
      "handled_at",
    ]);
  if (query.status === "open") select = select.where("handled_at", "is", null);
  if (query.status === "handled") select = select.where("handled_at", "is not", null);
  if (query.search) {
    const pattern = containsPattern(query.search);
    select = select.where(
      sql`lower(first_name || ' ' || last_name || ${"\n"} || email || ${"\n"} || message)`,
      "like",
      sql`${pattern} escape '\\'`,
    );
  }
  const after = query.after;
  if (after) {
    select = select.where((eb) =>
      eb(eb.refTuple("created_at", "id"), "<", eb.tuple(after.value, after.id)),
    );
  }
  return select.orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).execute();
}

export async function anyContactMessageExists(db: Kysely<Database>) {
  const row = await db.selectFrom("contact_messages").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function countOpenContactMessages(db: Kysely<Database>) {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("handled_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findContactMessageHandledAt(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("contact_messages")
    .select(["id", "handled_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Sets handled_at only while it is still what the caller read (compare-and-set), so two people
 * marking one message at once each see whether their change was the one made.
 */
export async function updateContactMessageHandledIf(
  db: Kysely<Database>,
  id: string,
  expected: string | null,
  handledAt: string | null,
) {
  const result = await db
    .updateTable("contact_messages")
    .set({ handled_at: handledAt })
    .where("id", "=", id)
    .where("handled_at", expected === null ? "is" : "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
