import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The dashboard's conversion counts a lead as converted only while it has a booking that is paid
// or completed (docs/decisions/0030-conversion-rate.md): not a cancelled booking, not one still
// unpaid. hourly_lead_counts.booked_leads now counts those leads. lead_conversions holds each
// converted live quote with the UTC hour it is counted in, so a change to a quote, a booking or a
// payment recomputes that one quote: its old count is taken away and its new one added. Replaces
// the booking triggers of 2026_11_22_1500 (a lead with any booking), which `down` restores.

/** Whether quote `id` (an SQL expression) has a booking that is paid or completed. */
const converted = (id: string) => `exists (
  select 1 from bookings b
  where b.quote_id = ${id} and b.status <> 'cancelled'
    and (b.status = 'completed' or exists (
      select 1 from payments p
      where p.status = 'paid'
        and (p.booking_id = b.id or (p.booking_id is null and p.quote_id = b.quote_id))
    ))
)`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("lead_conversions")
    .addColumn("quote_id", "text", (col) => col.primaryKey())
    .addColumn("utc_hour", "text", (col) => col.notNull()) // YYYY-MM-DDTHH of the quote
    .execute();
  if (postgres) {
    await dropPreviousPostgresTriggers(db);
    await createPostgresTriggers(db);
  } else {
    await dropPreviousSqliteTriggers(db);
    await createSqliteTriggers(db);
  }
  await sql
    .raw(
      `insert into lead_conversions (quote_id, utc_hour)
       select q.id, substr(q.created_at, 1, 13) from quotes q
       where q.deleted_at is null and ${converted("q.id")}`,
    )
    .execute(db);
  await sql`
    update hourly_lead_counts set booked_leads = (
      select count(*) from lead_conversions c where c.utc_hour = hourly_lead_counts.utc_hour
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger lead_counts_payments on payments`.execute(db);
    await sql`drop trigger lead_counts_bookings on bookings`.execute(db);
    await sql`drop trigger lead_counts_quotes on quotes`.execute(db);
    await sql`drop function lead_counts_payments()`.execute(db);
    await sql`drop function lead_counts_bookings()`.execute(db);
    await sql`drop function lead_counts_quotes()`.execute(db);
    await sql`drop function lead_conversions_recompute(text)`.execute(db);
    await restorePreviousPostgresTriggers(db);
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(`drop trigger ${trigger}`).execute(db);
    await restorePreviousSqliteTriggers(db);
  }
  await db.schema.dropTable("lead_conversions").execute();
  await sql`
    update hourly_lead_counts set booked_leads = (
      select count(*) from quotes q
      where q.deleted_at is null and substr(q.created_at, 1, 13) = hourly_lead_counts.utc_hour
        and exists (select 1 from bookings b where b.quote_id = q.id)
    )`.execute(db);
}

// SQLite: each trigger recomputes the quotes it touches with the same four statements.

const SQLITE_TRIGGERS = [
  "lead_counts_quote_insert",
  "lead_counts_quote_update",
  "lead_counts_quote_delete",
  "lead_counts_booking_insert",
  "lead_counts_booking_update",
  "lead_counts_booking_delete",
  "lead_counts_payment_insert",
  "lead_counts_payment_update",
  "lead_counts_payment_delete",
];

function sqliteRecompute(id: string) {
  return `
    update hourly_lead_counts set booked_leads = booked_leads - 1
    where utc_hour = (select utc_hour from lead_conversions where quote_id = ${id});
    delete from lead_conversions where quote_id = ${id};
    insert into lead_conversions (quote_id, utc_hour)
    select q.id, substr(q.created_at, 1, 13) from quotes q
    where q.id = ${id} and q.deleted_at is null and ${converted("q.id")};
    insert into hourly_lead_counts (utc_hour, leads, booked_leads)
    select utc_hour, 0, 1 from lead_conversions where quote_id = ${id}
    on conflict (utc_hour) do update set booked_leads = booked_leads + 1;`;
}

function sqliteLeads(row: "new" | "old", delta: string) {
  return `
    insert into hourly_lead_counts (utc_hour, leads, booked_leads)
    select substr(${row}.created_at, 1, 13), ${delta}, 0 where ${row}.deleted_at is null
    on conflict (utc_hour) do update set leads = leads + excluded.leads;`;
}

const paymentQuotes = (row: "new" | "old") => [
  `${row}.quote_id`,
  `(select quote_id from bookings where id = ${row}.booking_id)`,
];

async function createSqliteTriggers(db: Kysely<any>) {
  const statements = [
    `create trigger lead_counts_quote_insert after insert on quotes
     begin ${sqliteLeads("new", "1")} ${sqliteRecompute("new.id")} end`,
    `create trigger lead_counts_quote_update after update of created_at, deleted_at, id on quotes
     begin
       ${sqliteLeads("old", "-1")} ${sqliteLeads("new", "1")}
       ${sqliteRecompute("old.id")} ${sqliteRecompute("new.id")}
     end`,
    `create trigger lead_counts_quote_delete after delete on quotes
     begin ${sqliteLeads("old", "-1")} ${sqliteRecompute("old.id")} end`,
    `create trigger lead_counts_booking_insert after insert on bookings
     begin ${sqliteRecompute("new.quote_id")} end`,
    `create trigger lead_counts_booking_update after update of status, quote_id on bookings
     begin ${sqliteRecompute("old.quote_id")} ${sqliteRecompute("new.quote_id")} end`,
    `create trigger lead_counts_booking_delete after delete on bookings
     begin ${sqliteRecompute("old.quote_id")} end`,
    `create trigger lead_counts_payment_insert after insert on payments
     begin ${paymentQuotes("new").map(sqliteRecompute).join("")} end`,
    `create trigger lead_counts_payment_update
     after update of status, booking_id, quote_id on payments
     begin ${[...paymentQuotes("old"), ...paymentQuotes("new")].map(sqliteRecompute).join("")} end`,
    `create trigger lead_counts_payment_delete after delete on payments
     begin ${paymentQuotes("old").map(sqliteRecompute).join("")} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function dropPreviousSqliteTriggers(db: Kysely<any>) {
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

// PostgreSQL: one function recomputes a quote; hourly_lead_counts_add (2026_11_22_1500) stays.

async function createPostgresTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create function lead_conversions_recompute(qid text) returns void language plpgsql as $$
    declare
      at_hour text;
    begin
      if qid is null then return; end if;
      delete from lead_conversions where quote_id = qid returning utc_hour into at_hour;
      if at_hour is not null then perform hourly_lead_counts_add(at_hour, 0, -1); end if;
      at_hour := null;
      insert into lead_conversions (quote_id, utc_hour)
      select q.id, substr(q.created_at, 1, 13) from quotes q
      where q.id = qid and q.deleted_at is null and ${converted("q.id")}
      on conflict (quote_id) do nothing
      returning utc_hour into at_hour;
      if at_hour is not null then perform hourly_lead_counts_add(at_hour, 0, 1); end if;
    end $$`,
    )
    .execute(db);
  await sql`
    create function lead_counts_quotes() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        perform hourly_lead_counts_add(substr(old.created_at, 1, 13), -1, 0);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        perform hourly_lead_counts_add(substr(new.created_at, 1, 13), 1, 0);
      end if;
      if tg_op in ('UPDATE', 'DELETE') then perform lead_conversions_recompute(old.id); end if;
      if tg_op in ('INSERT', 'UPDATE') then perform lead_conversions_recompute(new.id); end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function lead_counts_bookings() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then perform lead_conversions_recompute(old.quote_id); end if;
      if tg_op in ('INSERT', 'UPDATE') then perform lead_conversions_recompute(new.quote_id); end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function lead_counts_payments() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform lead_conversions_recompute(old.quote_id);
        perform lead_conversions_recompute((select quote_id from bookings where id = old.booking_id));
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform lead_conversions_recompute(new.quote_id);
        perform lead_conversions_recompute((select quote_id from bookings where id = new.booking_id));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger lead_counts_quotes
    after insert or delete or update of created_at, deleted_at, id on quotes
    for each row execute function lead_counts_quotes()`.execute(db);
  await sql`
    create trigger lead_counts_bookings
    after insert or delete or update of status, quote_id on bookings
    for each row execute function lead_counts_bookings()`.execute(db);
  await sql`
    create trigger lead_counts_payments
    after insert or delete or update of status, booking_id, quote_id on payments
    for each row execute function lead_counts_payments()`.execute(db);
}

async function dropPreviousPostgresTriggers(db: Kysely<any>) {
  await sql`drop trigger hourly_lead_counts_bookings on bookings`.execute(db);
  await sql`drop trigger hourly_lead_counts_quotes on quotes`.execute(db);
  await sql`drop function hourly_lead_counts_bookings()`.execute(db);
  await sql`drop function hourly_lead_counts_quotes()`.execute(db);
}

// The triggers of 2026_11_22_1500 as they were (a lead with any booking), for `down`.

async function restorePreviousSqliteTriggers(db: Kysely<any>) {
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

async function restorePreviousPostgresTriggers(db: Kysely<any>) {
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
