import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Partial refunds (docs/decisions/0043-payouts-and-refunds.md): how much of a payment has been
// refunded so far, in cents. A payment stays paid until all of it is refunded; the payments
// refunded before this migration were refunded whole.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("refunded_cents", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update payments set refunded_cents = amount_cents where status = 'refunded'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").dropColumn("refunded_cents").execute();
}
