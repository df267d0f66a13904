import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Pre-aggregated figures for the admin dashboard (docs/product/back-office.md#dashboard, docs/decisions/0021-one-definition-of-money-figures.md), so its cost no
// longer grows with the rows in a period:
// - transactions.sydney_date: the Sydney calendar date (docs/decisions/0009-sydney-time-and-money.md) of created_at, written by the app
//   (app/features/ledger) with every ledger row, so SQL never needs time-zone support;
// - daily_rollups: completed amounts and counts per Sydney date, type and category, kept by the
//   ledger module in the same transaction as each ledger row;
// - hourly_rollups: the same per UTC hour of created_at (its first 13 characters), kept the same
//   way, so the part days at a period's ends are read as whole hours and one part hour;
// - hourly_lead_counts: live leads (quotes) and booked leads per UTC hour of the quote's
//   creation, kept by triggers, since quotes and bookings are written by several features.
//   Sydney's offset is a whole number of hours, so every Sydney day is made of whole UTC hours
//   and the hour needs no time zone: it is the first 13 characters of the ISO-8601 UTC text.

const TIME_ZONE = "Australia/Sydney";
const BATCH = 1000;

const dateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function sydneyDate(iso: string) {
  return dateFormat.format(new Date(iso));
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // SQLite adds a NOT NULL column only with a default; the app always writes the real date.
  await db.schema
    .alterTable("transactions")
    .addColumn("sydney_date", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await backfillSydneyDates(db);

  await db.schema
    .createTable("daily_rollups")
    .addColumn("sydney_date", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    // '' for no category: a primary key column cannot be null, and upserts must match it
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("amount_cents", "bigint", (col) => col.notNull())
    .addColumn("completed_count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("daily_rollups_pk", ["sydney_date", "type", "category"])
    .execute();
  await sql`
    insert into daily_rollups (sydney_date, type, category, amount_cents, completed_count)
    select sydney_date, type, coalesce(category, ''), sum(amount_cents), count(*)
    from transactions where status = 'completed'
    group by sydney_date, type, coalesce(category, '')`.execute(db);

  await db.schema
    .createTable("hourly_rollups")
    .addColumn("utc_hour", "text", (col) => col.notNull()) // YYYY-MM-DDTHH
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull()) // '' for no category, as above
    .addColumn("amount_cents", "bigint", (col) => col.notNull())
    .addColumn("completed_count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("hourly_rollups_pk", ["utc_hour", "type", "category"])
    .execute();
  await sql`
    insert into hourly_rollups (utc_hour, type, category, amount_cents, completed_count)
    select substr(created_at, 1, 13), type, coalesce(category, ''), sum(amount_cents), count(*)
    from transactions where status = 'completed'
    group by substr(created_at, 1, 13), type, coalesce(category, '')`.execute(db);

  await db.schema
    .createTable("hourly_lead_counts")
    .addColumn("utc_hour", "text", (col) => col.primaryKey()) // YYYY-MM-DDTHH
    .addColumn("leads", "integer", (col) => col.notNull())
    .addColumn("booked_leads", "integer", (col) => col.notNull())
    .execute();
  if (postgres) await createPostgresLeadTriggers(db);
  else await createSqliteLeadTriggers(db);
  await sql`
    insert into hourly_lead_counts (utc_hour, leads, booked_leads)
    select substr(q.created_at, 1, 13), count(*),
      sum(case when exists (select 1 from bookings b where b.quote_id = q.id) then 1 else 0 end)
    from quotes q where q.deleted_at is null
    group by substr(q.created_at, 1, 13)`.execute(db);
}

/** The Sydney date of every existing ledger row, computed here in batches (ordered by id). */
async function backfillSydneyDates(db: Kysely<any>) {
  let after = "";
  for (;;) {
    const rows: { id: string; created_at: string }[] = await db
      .selectFrom("transactions")
      .select(["id", "created_at"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const byDate = new Map<string, string[]>();
    for (const row of rows) {
      const date = sydneyDate(row.created_at);
      const ids = byDate.get(date);
      if (ids) ids.push(row.id);
      else byDate.set(date, [row.id]);
    }
    for (const [date, ids] of byDate) {
      await db
        .updateTable("transactions")
        .set({ sydney_date: date })
        .where("id", "in", ids)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
}

// A quote counts as a lead while it is not soft-deleted, and as a booked lead while it also has
// at least one booking (docs/product/back-office.md#dashboard: leads and conversion). The triggers take a quote's
// old contribution away and add its new one; a booking changes its quote's contribution only
// when it is the quote's first (or last) booking.

async function createSqliteLeadTriggers(db: Kysely<any>) {
  const hour = (row: "new" | "old") => `substr(${row}.created_at, 1, 13)`;
  const hasBooking = (id: string) =>
    `(case when exists (select 1 from bookings b where b.quote_id = ${id}) then 1 else 0 end)`;
  const add = (row: "new" | "old", leads: string, booked: string, when: string) => `
    insert into hourly_lead_counts (utc_hour, leads, booked_leads)
    select ${hour(row)}, ${leads}, ${booked} where ${when}
    on conflict (utc_hour) do update set
      leads = leads + excluded.leads, booked_leads = booked_leads + excluded.booked_leads;`;
  const statements = [
    `create trigger hourly_lead_counts_quote_insert after insert on quotes
     begin ${add("new", "1", hasBooking("new.id"), "new.deleted_at is null")} end`,
    `create trigger hourly_lead_counts_quote_update
     after update of created_at, deleted_at, id on quotes
     begin
       ${add("old", "-1", `-${hasBooking("old.id")}`, "old.deleted_at is null")}
       ${add("new", "1", hasBooking("new.id"), "new.deleted_at is null")}
     end`,
    `create trigger hourly_lead_counts_quote_delete after delete on quotes
     begin ${add("old", "-1", `-${hasBooking("old.id")}`, "old.deleted_at is null")} end`,
    // A booking's quote: +1 booked when it is the quote's first booking, -1 when the last goes.
    `create trigger hourly_lead_counts_booking_insert after insert on bookings
     begin
       insert into hourly_lead_counts (utc_hour, leads, booked_leads)
       select substr(q.created_at, 1, 13), 0, 1 from quotes q
       where q.id = new.quote_id and q.deleted_at is null
         and (select count(*) from bookings b where b.quote_id = new.quote_id) = 1
       on conflict (utc_hour) do update set booked_leads = booked_leads + 1;
     end`,
    `create trigger hourly_lead_counts_booking_delete after delete on bookings
     begin
       update hourly_lead_counts set booked_leads = booked_leads - 1
       where utc_hour = (select substr(q.created_at, 1, 13) from quotes q
                         where q.id = old.quote_id and q.deleted_at is null)
         and not exists (select 1 from bookings b where b.quote_id = old.quote_id);
     end`,
    `create trigger hourly_lead_counts_booking_update after update of quote_id on bookings
     when old.quote_id is not new.quote_id
     begin
       update hourly_lead_counts set booked_leads = booked_leads - 1
       where utc_hour = (select substr(q.created_at, 1, 13) from quotes q
                         where q.id = old.quote_id and q.deleted_at is null)
         and not exists (select 1 from bookings b where b.quote_id = old.quote_id);
       insert into hourly_lead_counts (utc_hour, leads, booked_leads)
       select substr(q.created_at, 1, 13), 0, 1 from quotes q
       where q.id = new.quote_id and q.deleted_at is null
         and (select count(*) from bookings b where b.quote_id = new.quote_id) = 1
       on conflict (utc_hour) do update set booked_leads = booked_leads + 1;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresLeadTriggers(db: Kysely<any>) {
  await sql`
    create function hourly_lead_counts_add(text, integer, integer)
    returns void language sql as $$
      insert into hourly_lead_counts (utc_hour, leads, booked_leads) values ($1, $2, $3)
      on conflict (utc_hour) do update set
        leads = hourly_lead_counts.leads + excluded.leads,
        booked_leads = hourly_lead_counts.booked_leads + excluded.booked_leads
    $$`.execute(db);
  await sql`
    create function hourly_lead_counts_quotes() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        perform hourly_lead_counts_add(substr(old.created_at, 1, 13), -1,
          case when exists (select 1 from bookings b where b.quote_id = old.id) then -1 else 0 end);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        perform hourly_lead_counts_add(substr(new.created_at, 1, 13), 1,
          case when exists (select 1 from bookings b where b.quote_id = new.id) then 1 else 0 end);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function hourly_lead_counts_bookings() returns trigger language plpgsql as $$
    declare
      quote_hour text;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        select substr(q.created_at, 1, 13) into quote_hour from quotes q
        where q.id = old.quote_id and q.deleted_at is null;
        if quote_hour is not null
          and not exists (select 1 from bookings b where b.quote_id = old.quote_id) then
          perform hourly_lead_counts_add(quote_hour, 0, -1);
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select substr(q.created_at, 1, 13) into quote_hour from quotes q
        where q.id = new.quote_id and q.deleted_at is null;
        if quote_hour is not null
          and (select count(*) from bookings b where b.quote_id = new.quote_id) = 1 then
          perform hourly_lead_counts_add(quote_hour, 0, 1);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger hourly_lead_counts_quotes
    after insert or delete or update of created_at, deleted_at, id on quotes
    for each row execute function hourly_lead_counts_quotes()`.execute(db);
  await sql`
    create trigger hourly_lead_counts_bookings
    after insert or delete or update of quote_id on bookings
    for each row execute function hourly_lead_counts_bookings()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger hourly_lead_counts_bookings on bookings`.execute(db);
    await sql`drop trigger hourly_lead_counts_quotes on quotes`.execute(db);
    await sql`drop function hourly_lead_counts_bookings()`.execute(db);
    await sql`drop function hourly_lead_counts_quotes()`.execute(db);
    await sql`drop function hourly_lead_counts_add(text, integer, integer)`.execute(db);
  } else {
    for (const trigger of [
      "hourly_lead_counts_booking_update",
      "hourly_lead_counts_booking_delete",
      "hourly_lead_counts_booking_insert",
      "hourly_lead_counts_quote_delete",
      "hourly_lead_counts_quote_update",
      "hourly_lead_counts_quote_insert",
    ]) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
  }
  await db.schema.dropTable("hourly_lead_counts").execute();
  await db.schema.dropTable("hourly_rollups").execute();
  await db.schema.dropTable("daily_rollups").execute();
  await db.schema.alterTable("transactions").dropColumn("sydney_date").execute();
}
