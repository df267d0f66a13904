import type { Insertable, Kysely } from "kysely";
import type { Database, QuotesTable } from "~/server/database";

export async function insertSubscriptionLead(db: Kysely<Database>, row: Insertable<QuotesTable>) {
  await db.insertInto("quotes").values(row).execute();
}
