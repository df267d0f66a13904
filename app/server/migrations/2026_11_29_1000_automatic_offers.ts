import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// An offer made by the automatic chain rather than by staff (1), so the seat's history can say
// so and a decline of it moves the chain on (docs/decisions/0064-automatic-offers.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("assignments")
    .addColumn("automatic", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assignments").dropColumn("automatic").execute();
}
