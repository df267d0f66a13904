import type { Insertable, Kysely } from "kysely";
import type { Database, QuotesTable } from "~/server/database";

/** A post-construction request is a quote row (DECISIONS lifecycle); returns its id, or undefined. */
export async function insertPostConstructionRequest(
  db: Kysely<Database>,
  row: Insertable<QuotesTable>,
) {
  const inserted = await db
    .insertInto("quotes")
    .values(row)
    .returning(["id", "reference"])
    .executeTakeFirst();
  return inserted;
}
