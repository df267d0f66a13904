import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// When the crew's first seat set off (docs/decisions/0087-job-photos-and-on-my-way-texts.md):
// the "On my way" text goes once per job, and the seat whose conditional update sets this
// column (only while it is null) is the one that texts, so two seats setting off at once on
// PostgreSQL cannot both. Jobs already on the way take their earliest accepted seat's time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("crew_set_off_at", "text").execute();
  await sql`
    update bookings set crew_set_off_at = (
      select min(a.on_my_way_at) from assignments a
      where a.booking_id = bookings.id and a.status = 'accepted' and a.on_my_way_at is not null
    )
    where exists (
      select 1 from assignments a
      where a.booking_id = bookings.id and a.status = 'accepted' and a.on_my_way_at is not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("crew_set_off_at").execute();
}
