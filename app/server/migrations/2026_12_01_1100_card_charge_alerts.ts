import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// docs/decisions/0093-save-a-card-after-the-first-visit.md: the saved-card charge whose failure
// was the last try (no retry left, or a card that needs its holder) records when the business was
// told, and Finance lists those still unpaid by that column.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("card_charges").addColumn("alerted_at", "text").execute();
  await db.schema
    .createIndex("card_charges_alerted_idx")
    .on("card_charges")
    .columns(["alerted_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("card_charges_alerted_idx").execute();
  await db.schema.alterTable("card_charges").dropColumn("alerted_at").execute();
}
