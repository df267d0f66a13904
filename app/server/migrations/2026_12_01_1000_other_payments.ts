import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Other payments (docs/decisions/0092-pay-basis-and-other-payments.md): a hand payout is now a
// bonus, a reimbursement or another payment, with a note. Rows written before keep null: they
// paid for work before pay runs existed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cleaner_payouts").addColumn("reason_kind", "text").execute();
  await db.schema.alterTable("cleaner_payouts").addColumn("reason_note", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cleaner_payouts").dropColumn("reason_note").execute();
  await db.schema.alterTable("cleaner_payouts").dropColumn("reason_kind").execute();
}
