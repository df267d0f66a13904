import type { Insertable, Kysely } from "kysely";
import type { ContactMessagesTable, Database } from "~/server/database";

export async function insertContactMessage(
  db: Kysely<Database>,
  row: Insertable<ContactMessagesTable>,
) {
  await db.insertInto("contact_messages").values(row).execute();
}
