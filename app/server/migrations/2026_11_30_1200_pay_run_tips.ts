import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Tips paid out in pay runs (docs/decisions/0085-tips-ride-in-pay-runs.md): a tip share belongs
// to at most one run, as a timesheet line does, because the share is the key.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pay_run_tips")
    .addColumn("tip_share_id", "text", (c) => c.primaryKey())
    .addColumn("run_id", "text", (c) => c.notNull())
    .addColumn("cleaner_id", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pay_run_tips_run")
    .on("pay_run_tips")
    .columns(["run_id", "cleaner_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pay_run_tips").execute();
}
