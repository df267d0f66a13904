import { TZDate } from "@date-fns/tz";
import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Crews and holds (docs/decisions/0060-crews-and-cleaner-holds.md):
// - `bookings.crew_size`: the cleaners a job needs, from its quote's estimate (at least 1);
// - `assignments.seat`: which of the crew's places (1..crew_size) an offer is for;
// - `cleaner_holds`: one live row per cleaner per seat they hold, offered or accepted. Times are
//   whole minutes since the Unix epoch (UTC), so both databases compare plain integers; a hold
//   blocks its cleaner from `starts_minute` until `blocked_until_minute` (the end of the job
//   plus the travel buffer). A released hold keeps its row, with `released_at`, as history.
//   PostgreSQL refuses two live holds of one cleaner that overlap with an exclusion constraint;
//   SQLite's single writer gets the same guarantee from checking inside the write transaction.
// Live offers of bookings made before this become holds, with the default 30-minute buffer:
// accepted ones first, then the oldest, each on its booking's next seat up to the crew size. An
// offer beyond the crew, or overlapping one already held for the same cleaner, keeps no hold.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("bookings")
    .addColumn("crew_size", "integer", (col) => col.notNull().defaultTo(sql`1`))
    .execute();
  await sql`
    update bookings set crew_size = coalesce(
      (select case when q.cleaners_needed > 1 then q.cleaners_needed else 1 end
         from quotes q where q.id = bookings.quote_id), 1)
  `.execute(db);
  await db.schema
    .alterTable("assignments")
    .addColumn("seat", "integer", (col) => col.notNull().defaultTo(sql`1`))
    .execute();
  await db.schema
    .createTable("cleaner_holds")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("cleaner_id", "text", (col) => col.notNull().references("cleaners.id"))
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id"))
    .addColumn("seat", "integer", (col) => col.notNull())
    .addColumn("starts_minute", "bigint", (col) => col.notNull())
    .addColumn("blocked_until_minute", "bigint", (col) => col.notNull())
    .addColumn("assignment_id", "text", (col) => col.references("assignments.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("released_at", "text")
    .addCheckConstraint("cleaner_holds_span", sql`starts_minute < blocked_until_minute`)
    .execute();
  // A seat has at most one live hold; a cleaner's live holds are found by time.
  await sql`
    create unique index cleaner_holds_live_seat on cleaner_holds (booking_id, seat)
    where released_at is null
  `.execute(db);
  await sql`
    create index cleaner_holds_live_by_cleaner on cleaner_holds (cleaner_id, starts_minute)
    where released_at is null
  `.execute(db);
  await sql`
    create index cleaner_holds_live_by_time on cleaner_holds (starts_minute)
    where released_at is null
  `.execute(db);
  if (postgres) {
    await sql`create extension if not exists btree_gist`.execute(db);
    await sql`
      alter table cleaner_holds add constraint cleaner_holds_no_overlap
      exclude using gist (cleaner_id with =, int8range(starts_minute, blocked_until_minute) with &&)
      where (released_at is null)
    `.execute(db);
  }
  await holdLiveOffers(db);
}

const TRAVEL_BUFFER_MINUTES = 30;

async function holdLiveOffers(db: Kysely<any>) {
  const offers: {
    id: string;
    cleaner_id: string;
    booking_id: string;
    scheduled_date: string;
    time_slot: string;
    crew_size: number;
    estimated_hours: number | null;
  }[] = await db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .where("a.status", "in", ["pending", "accepted"])
    .where("b.status", "=", "confirmed")
    .select([
      "a.id",
      "a.cleaner_id",
      "a.booking_id",
      "b.scheduled_date",
      "b.time_slot",
      "b.crew_size",
      "q.estimated_hours",
    ])
    .orderBy(sql`case when a.status = 'accepted' then 0 else 1 end`)
    .orderBy("a.created_at")
    .execute();
  const seatsGiven = new Map<string, number>();
  const taken = new Map<string, { from: number; to: number }[]>();
  const now = new Date().toISOString();
  for (const offer of offers) {
    const [year, month, day] = offer.scheduled_date.split("-").map(Number) as number[];
    const [hour, minute] = offer.time_slot.split(":").map(Number) as number[];
    const start = new TZDate(year!, month! - 1, day!, hour!, minute!, "Australia/Sydney");
    const from = Math.floor(start.getTime() / 60_000);
    const onSite = Math.ceil(((offer.estimated_hours ?? 3) / Math.max(1, offer.crew_size)) * 60);
    const to = from + onSite + TRAVEL_BUFFER_MINUTES;
    const seat = (seatsGiven.get(offer.booking_id) ?? 0) + 1;
    const held = taken.get(offer.cleaner_id) ?? [];
    if (seat > offer.crew_size || held.some((span) => from < span.to && span.from < to)) continue;
    seatsGiven.set(offer.booking_id, seat);
    held.push({ from, to });
    taken.set(offer.cleaner_id, held);
    await db.updateTable("assignments").set({ seat }).where("id", "=", offer.id).execute();
    await db
      .insertInto("cleaner_holds")
      .values({
        id: `hold_${offer.id}`,
        cleaner_id: offer.cleaner_id,
        booking_id: offer.booking_id,
        seat,
        starts_minute: from,
        blocked_until_minute: to,
        assignment_id: offer.id,
        created_at: now,
        released_at: null,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cleaner_holds").execute();
  await db.schema.alterTable("assignments").dropColumn("seat").execute();
  await db.schema.alterTable("bookings").dropColumn("crew_size").execute();
}
