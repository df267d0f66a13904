import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The leads screen: staff notes on a lead, an index per list order and filter, a
// trigram search over name, email, phone digits and reference (FTS5 on SQLite, pg_trgm on
// PostgreSQL), and the board's count and sum of totals per column kept by triggers, so neither
// grows with the number of leads (docs/decisions/0031-leads-search-and-board-totals.md).

/** The text a search looks in: name, email, the phone's digits and the reference. */
const POSTGRES_HAYSTACK = `(client_name || ' ' || client_email || ' ' ||
  coalesce(regexp_replace(client_phone, '[^0-9]', '', 'g'), '') || ' ' || reference)`;

/** SQLite has no regular expressions: the characters phone numbers are written with go. */
const sqliteDigits = (column: string) =>
  ["' '", "'-'", "'('", "')'", "'+'", "'.'"].reduce(
    (text, char) => `replace(${text}, ${char}, '')`,
    `coalesce(${column}, '')`,
  );
const sqliteHaystack = (row: "new" | "old") =>
  `${row}.client_name || ' ' || ${row}.client_email || ' ' || ${sqliteDigits(`${row}.client_phone`)} || ' ' || ${row}.reference`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("quotes").addColumn("staff_notes", "text").execute();

  // Keyset pages: newest first with the id as tie-break; the type filter has its own order.
  await db.schema
    .createIndex("quotes_created_id_idx")
    .on("quotes")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("quotes_service_type_created_idx")
    .on("quotes")
    .columns(["service_type", "created_at"])
    .execute();
  // A board column under a filter: without these, a column the filter leaves empty would be
  // read to its end to find no card.
  await db.schema
    .createIndex("quotes_lead_status_status_created_idx")
    .on("quotes")
    .columns(["lead_status", "status", "created_at"])
    .execute();
  await db.schema
    .createIndex("quotes_lead_status_type_created_idx")
    .on("quotes")
    .columns(["lead_status", "service_type", "created_at"])
    .execute();

  // The board's columns: live leads and their totals per lead_status, status and service type
  // (the list's filters), so a filtered board sums a handful of rows.
  await db.schema
    .createTable("lead_board_totals")
    .addColumn("lead_status", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("service_type", "text", (col) => col.notNull())
    .addColumn("leads", "integer", (col) => col.notNull())
    .addColumn("total_cents", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("lead_board_totals_pk", ["lead_status", "status", "service_type"])
    .execute();

  if (postgres) await createPostgresObjects(db);
  else await createSqliteObjects(db);

  await sql`
    insert into lead_board_totals (lead_status, status, service_type, leads, total_cents)
    select lead_status, status, service_type, count(*), coalesce(sum(total_cents), 0)
    from quotes where deleted_at is null
    group by lead_status, status, service_type`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger lead_board_totals_quotes on quotes`.execute(db);
    await sql`drop function lead_board_totals_quotes()`.execute(db);
    await sql`drop function lead_board_totals_add(text, text, text, integer, bigint)`.execute(db);
    await sql`drop index quotes_search_trgm_idx`.execute(db);
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(`drop trigger ${trigger}`).execute(db);
    await sql`drop table quotes_search`.execute(db);
    await sql`drop table quote_search_keys`.execute(db);
  }
  await db.schema.dropTable("lead_board_totals").execute();
  await db.schema.dropIndex("quotes_lead_status_type_created_idx").execute();
  await db.schema.dropIndex("quotes_lead_status_status_created_idx").execute();
  await db.schema.dropIndex("quotes_service_type_created_idx").execute();
  await db.schema.dropIndex("quotes_created_id_idx").execute();
  await db.schema.alterTable("quotes").dropColumn("staff_notes").execute();
}

const SQLITE_TRIGGERS = [
  "leads_search_insert",
  "leads_search_update",
  "leads_search_delete",
  "lead_board_totals_insert",
  "lead_board_totals_update",
  "lead_board_totals_delete",
];

function sqliteTotals(row: "new" | "old", sign: 1 | -1) {
  return `
    insert into lead_board_totals (lead_status, status, service_type, leads, total_cents)
    select ${row}.lead_status, ${row}.status, ${row}.service_type, ${sign},
      ${sign} * coalesce(${row}.total_cents, 0)
    where ${row}.deleted_at is null
    on conflict (lead_status, status, service_type) do update
    set leads = leads + excluded.leads, total_cents = total_cents + excluded.total_cents;`;
}

async function createSqliteObjects(db: Kysely<any>) {
  // FTS5 rowids are integers and a quote's id is text: each quote gets a stable integer key
  // (a rowid alias survives VACUUM, an implicit rowid may not).
  await sql`create table quote_search_keys (
    id integer primary key, quote_id text not null unique)`.execute(db);
  await sql`create virtual table quotes_search using fts5(haystack, tokenize = 'trigram')`.execute(
    db,
  );
  const key = (row: "new" | "old") =>
    `(select id from quote_search_keys where quote_id = ${row}.id)`;
  const statements = [
    `create trigger leads_search_insert after insert on quotes begin
       insert into quote_search_keys (quote_id) values (new.id);
       insert into quotes_search (rowid, haystack) values (${key("new")}, ${sqliteHaystack("new")});
     end`,
    `create trigger leads_search_update
     after update of client_name, client_email, client_phone, reference on quotes begin
       delete from quotes_search where rowid = ${key("old")};
       insert into quotes_search (rowid, haystack) values (${key("new")}, ${sqliteHaystack("new")});
     end`,
    `create trigger leads_search_delete after delete on quotes begin
       delete from quotes_search where rowid = ${key("old")};
       delete from quote_search_keys where quote_id = old.id;
     end`,
    `create trigger lead_board_totals_insert after insert on quotes
     begin ${sqliteTotals("new", 1)} end`,
    `create trigger lead_board_totals_update
     after update of lead_status, status, service_type, total_cents, deleted_at on quotes
     begin ${sqliteTotals("old", -1)} ${sqliteTotals("new", 1)} end`,
    `create trigger lead_board_totals_delete after delete on quotes
     begin ${sqliteTotals("old", -1)} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql`insert into quote_search_keys (quote_id) select id from quotes`.execute(db);
  await sql
    .raw(
      `insert into quotes_search (rowid, haystack)
       select k.id, ${sqliteHaystack("new").replaceAll("new.", "q.")}
       from quotes q join quote_search_keys k on k.quote_id = q.id`,
    )
    .execute(db);
}

async function createPostgresObjects(db: Kysely<any>) {
  // In public, whatever the search path: tests and benchmarks work in schemas of their own.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql
    .raw(
      `create index quotes_search_trgm_idx on quotes
       using gin (${POSTGRES_HAYSTACK} public.gin_trgm_ops)`,
    )
    .execute(db);
  await sql`
    create function lead_board_totals_add(ls text, st text, ty text, n integer, cents bigint)
    returns void language plpgsql as $$
    begin
      insert into lead_board_totals (lead_status, status, service_type, leads, total_cents)
      values (ls, st, ty, n, cents)
      on conflict (lead_status, status, service_type) do update
      set leads = lead_board_totals.leads + excluded.leads,
          total_cents = lead_board_totals.total_cents + excluded.total_cents;
    end $$`.execute(db);
  await sql`
    create function lead_board_totals_quotes() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
        perform lead_board_totals_add(old.lead_status, old.status, old.service_type, -1,
          -coalesce(old.total_cents, 0));
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        perform lead_board_totals_add(new.lead_status, new.status, new.service_type, 1,
          coalesce(new.total_cents, 0));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger lead_board_totals_quotes
    after insert or update of lead_status, status, service_type, total_cents, deleted_at or delete
    on quotes for each row execute function lead_board_totals_quotes()`.execute(db);
}
