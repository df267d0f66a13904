import type { Kysely } from "kysely";
import type { Database, NewContactMessage } from "~/server/database";

export async function insertContactMessage(db: Kysely<Database>, row: NewContactMessage) {
  await db.insertInto("contact_messages").values(row).execute();
}
