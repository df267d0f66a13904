import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Payouts for a period already paid (docs/decisions/0043-payouts-and-refunds.md):
// - a second payout to a cleaner for an overlapping period is recorded only as an adjustment,
//   whose reason is kept with it (null on an ordinary payout);
// - a cleaner's payouts by period start, for the overlap check and the suggested amount.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cleaner_payouts").addColumn("adjustment_reason", "text").execute();
  await db.schema
    .createIndex("cleaner_payouts_cleaner_period_idx")
    .on("cleaner_payouts")
    .columns(["cleaner_id", "period_start", "period_end"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("cleaner_payouts_cleaner_period_idx").execute();
  await db.schema.alterTable("cleaner_payouts").dropColumn("adjustment_reason").execute();
}
