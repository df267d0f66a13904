import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// What a crew records on a job from the cleaner's app (docs/decisions/0068-job-visits.md):
// - where a seat checked in, only when the phone granted its location (lat, lng and the
//   phone's accuracy in metres); the office is shown only whether it was near the address;
// - the job's checklist, copied from the cleaning level's list and the staff notes when the
//   first crew member opens the job, so a later edit of the lists in Settings leaves a job's
//   list as the crew saw it; each item ticked by one crew member, or skipped with a reason;
// - problems reported from the job, and the before and after photos (uploads of their own);
// - the job's actual minutes on site, summed over its seats when the last one checks out.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assignments").addColumn("check_in_lat", "double precision").execute();
  await db.schema.alterTable("assignments").addColumn("check_in_lng", "double precision").execute();
  await db.schema
    .alterTable("assignments")
    .addColumn("check_in_accuracy_m", "double precision")
    .execute();
  await db.schema.alterTable("bookings").addColumn("actual_minutes", "integer").execute();

  await db.schema
    .createTable("job_checklist_items")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull()) // level | notes
    .addColumn("ticked_by", "text", (col) => col.references("cleaners.id"))
    .addColumn("ticked_at", "text")
    .addColumn("skip_reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  // Two crew members opening the job at once copy the list once: the second insert is ignored.
  await db.schema
    .createIndex("job_checklist_items_booking_position")
    .on("job_checklist_items")
    .columns(["booking_id", "position"])
    .unique()
    .execute();

  await db.schema
    .createTable("job_problems")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id"))
    .addColumn("assignment_id", "text", (col) => col.notNull().references("assignments.id"))
    .addColumn("kind", "text", (col) => col.notNull()) // key | damage | not_home | other
    .addColumn("details", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("job_problems_booking")
    .on("job_problems")
    .columns(["booking_id", "created_at"])
    .execute();

  await db.schema
    .createTable("job_photos")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id"))
    .addColumn("assignment_id", "text", (col) => col.notNull().references("assignments.id"))
    .addColumn("upload_id", "text", (col) => col.notNull().references("uploads.id"))
    .addColumn("stage", "text", (col) => col.notNull()) // before | after
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("job_photos_booking")
    .on("job_photos")
    .columns(["booking_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_photos").execute();
  await db.schema.dropTable("job_problems").execute();
  await db.schema.dropTable("job_checklist_items").execute();
  await db.schema.alterTable("bookings").dropColumn("actual_minutes").execute();
  await db.schema.alterTable("assignments").dropColumn("check_in_accuracy_m").execute();
  await db.schema.alterTable("assignments").dropColumn("check_in_lng").execute();
  await db.schema.alterTable("assignments").dropColumn("check_in_lat").execute();
}
