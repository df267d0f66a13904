import { sql, type Kysely } from "kysely";
import type { Database } from "~/server/database";

// The tips a pay run carries out to the crew (docs/decisions/0085-tips-ride-in-pay-runs.md).
// pay_run_tips is keyed by the tip share, so the database itself pays a share in one run only,
// as pay_run_lines does for a timesheet line.

type Db = Kysely<Database>;

/**
 * Puts into the run every tip share paid on a Sydney date of the period that no run holds yet;
 * a share another transaction is claiming at the same moment is skipped. Returns how many the
 * run took.
 */
export async function claimTipsForRun(db: Db, run: { id: string; from: string; to: string }) {
  await db
    .insertInto("pay_run_tips")
    .columns(["tip_share_id", "run_id", "cleaner_id"])
    .expression((eb) =>
      eb
        .selectFrom("tip_shares as s")
        .select(["s.id", sql<string>`cast(${run.id} as text)`.as("run_id"), "s.cleaner_id"])
        .where("s.sydney_date", ">=", run.from)
        .where("s.sydney_date", "<=", run.to)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("pay_run_tips as held")
                .select("held.tip_share_id")
                .whereRef("held.tip_share_id", "=", "s.id"),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.column("tip_share_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("pay_run_tips")
    .select((eb) => eb.fn.countAll<number>().as("tips"))
    .where("run_id", "=", run.id)
    .executeTakeFirstOrThrow();
  return Number(row.tips);
}

/** A run's tip shares with their cleaner and job, by cleaner then date paid. */
export async function findRunTips(db: Db, runId: string) {
  const rows = await db
    .selectFrom("pay_run_tips as rt")
    .innerJoin("tip_shares as s", "s.id", "rt.tip_share_id")
    .innerJoin("cleaners as c", "c.id", "s.cleaner_id")
    .innerJoin("bookings as b", "b.id", "s.booking_id")
    .select([
      "s.id",
      "s.cleaner_id",
      "s.booking_id",
      "s.amount_cents",
      "s.sydney_date",
      "c.name as cleaner_name",
      "c.email as cleaner_email",
      "c.employment_type",
      "b.reference as booking_reference",
    ])
    .where("rt.run_id", "=", runId)
    .orderBy("c.name")
    .orderBy("s.cleaner_id")
    .orderBy("s.sydney_date")
    .orderBy("s.id")
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/** Frees a deleted draft's tips for another run. */
export async function releaseRunTips(db: Db, runId: string) {
  await db.deleteFrom("pay_run_tips").where("run_id", "=", runId).execute();
}

/** Which runs hold a cleaner's tip shares: the cleaner's approved and paid runs' tips. */
export async function findCleanerRunTips(db: Db, cleanerId: string) {
  const rows = await db
    .selectFrom("pay_run_tips as rt")
    .innerJoin("pay_runs as r", "r.id", "rt.run_id")
    .innerJoin("tip_shares as s", "s.id", "rt.tip_share_id")
    .select([
      "r.id as run_id",
      "r.reference",
      "r.period_start",
      "r.period_end",
      "r.status",
      "r.paid_at",
      "s.amount_cents",
    ])
    .where("rt.cleaner_id", "=", cleanerId)
    .where("r.status", "in", ["approved", "paid"])
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}
