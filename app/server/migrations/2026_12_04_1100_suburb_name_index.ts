import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Suburbs are found by name in any case (`lower(name) in (…)`): the booking's crew ranking reads
// the centres of the job's and the cleaners' suburbs, and a quote checks its address's suburb.
// Without an index on the lower-cased name each lookup read all 4,586 NSW suburbs (1.3 ms a
// booking on SQLite); both databases use an index on the same expression.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("suburbs_lower_name_idx")
    .on("suburbs")
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("suburbs_lower_name_idx").execute();
}
