import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// docs/decisions/0042-who-is-free-for-a-job.md: a police check has an expiry date (a cleaner
// without a current one is never offered a job), and a cleaner's time off is stored so the
// Assign Cleaner panel can leave them out of those days.
//
// Checks recorded before this migration (a date in the application's answers) are given the
// default validity, three years from that date, so the cleaners already working keep working.
const DEFAULT_VALID_YEARS = 3;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cleaners").addColumn("police_check_expires_on", "text").execute();
  await db.schema
    .createTable("cleaner_time_off")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("cleaner_id", "text", (col) =>
      col.notNull().references("cleaners.id").onDelete("cascade"),
    )
    .addColumn("starts_on", "text", (col) => col.notNull())
    .addColumn("ends_on", "text", (col) => col.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("cleaner_time_off_cleaner_idx")
    .on("cleaner_time_off")
    .columns(["cleaner_id", "ends_on"])
    .execute();
  await backfillPoliceCheckExpiry(db);
}

/** The expiry of each check already recorded: its date plus the default validity. */
async function backfillPoliceCheckExpiry(db: Kysely<any>) {
  const rows: { id: string; additional_metadata: string | null }[] = await db
    .selectFrom("cleaners")
    .select(["id", "additional_metadata"])
    .where("additional_metadata", "is not", null)
    .execute();
  for (const row of rows) {
    const checkedOn = recordedCheckDate(row.additional_metadata);
    if (!checkedOn) continue;
    const year = Number(checkedOn.slice(0, 4)) + DEFAULT_VALID_YEARS;
    await db
      .updateTable("cleaners")
      .set({ police_check_expires_on: `${year}${checkedOn.slice(4)}` })
      .where("id", "=", row.id)
      .execute();
  }
}

function recordedCheckDate(metadata: string | null) {
  try {
    const parsed = JSON.parse(metadata ?? "null") as Record<string, unknown> | null;
    const date = parsed?.police_check_date;
    if (parsed?.has_police_check !== true || typeof date !== "string") return null;
    // 29 February plus three years is not a date; the 28th keeps it inside the validity.
    return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.replace(/-02-29$/, "-02-28") : null;
  } catch {
    return null;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cleaner_time_off").execute();
  await db.schema.alterTable("cleaners").dropColumn("police_check_expires_on").execute();
}
