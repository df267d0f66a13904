import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// `cleaner_status_changes`: each readable "cleaner.status_changed" audit entry as typed columns,
// so the dashboard's Active Cleaners at a period's start reads the changes since then from an
// index instead of parsing every entry's JSON (about 3 µs each on PostgreSQL, 15,000 entries in
// 90 days at ten times the data). A trigger on the audit log writes it, whoever writes the
// entry; entries whose details are not {"from": known status, "to": known status} are left out,
// as the dashboard always passed them over. The audit log is never updated or deleted from.
const STATUSES = ["available", "busy", "offline", "pending_review", "suspended"];
const KNOWN = sql.raw(STATUSES.map((status) => `'${status}'`).join(", "));

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("cleaner_status_changes")
    .addColumn("audit_id", "text", (col) => col.primaryKey())
    .addColumn("cleaner_id", "text", (col) => col.notNull())
    .addColumn("changed_at", "text", (col) => col.notNull())
    .addColumn("from_status", "text", (col) => col.notNull())
    .addColumn("to_status", "text", (col) => col.notNull())
    .execute();
  // The changes after an instant, with what each started from, from the index alone.
  await sql`create index cleaner_status_changes_at_idx
    on cleaner_status_changes (changed_at, cleaner_id, from_status)`.execute(db);
  if (postgres) await createPostgresTrigger(db);
  else await createSqliteTrigger(db);
}

async function createPostgresTrigger(db: Kysely<any>) {
  // Parses the details once: both statuses, or nulls when they are not a change between two known
  // statuses. Text that is not JSON reads as nulls rather than failing the audit entry's write.
  // Both functions keep one generic plan per connection, as migration 2026_12_04_1000 set for the
  // other trigger functions.
  await sql`
    create function cleaner_status_change_read(details text, out from_status text,
      out to_status text)
    language plpgsql immutable set plan_cache_mode = force_generic_plan as $$
    declare parsed jsonb;
    begin
      parsed := details::jsonb;
      if jsonb_typeof(parsed) = 'object' and parsed->>'from' in (${KNOWN})
        and parsed->>'to' in (${KNOWN}) then
        from_status := parsed->>'from';
        to_status := parsed->>'to';
      end if;
    exception when others then
      from_status := null;
      to_status := null;
    end $$`.execute(db);
  await sql`
    create function cleaner_status_changes_audit() returns trigger language plpgsql
    set plan_cache_mode = force_generic_plan as $$
    declare change record;
    begin
      change := cleaner_status_change_read(new.details);
      if change.from_status is not null then
        insert into cleaner_status_changes (audit_id, cleaner_id, changed_at, from_status, to_status)
        values (new.id, new.subject_id, new.created_at, change.from_status, change.to_status);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger cleaner_status_changes_audit after insert on audit_log
    for each row when (new.action = 'cleaner.status_changed' and new.subject_type = 'cleaner')
    execute function cleaner_status_changes_audit()`.execute(db);
  await sql`
    insert into cleaner_status_changes (audit_id, cleaner_id, changed_at, from_status, to_status)
    select a.id, a.subject_id, a.created_at, change.from_status, change.to_status
    from audit_log a cross join lateral cleaner_status_change_read(a.details) change
    where a.action = 'cleaner.status_changed' and a.subject_type = 'cleaner'
      and change.from_status is not null`.execute(db);
}

async function createSqliteTrigger(db: Kysely<any>) {
  // json_extract fails on text that is not JSON, so it is only reached through json_valid.
  const field = (row: string, name: "from" | "to") =>
    sql.raw(
      `case when json_valid(${row}.details) then json_extract(${row}.details, '$.${name}') end`,
    );
  const readable = (row: string) =>
    sql`${sql.raw(row)}.action = 'cleaner.status_changed' and ${sql.raw(row)}.subject_type = 'cleaner'
      and ${field(row, "from")} in (${KNOWN}) and ${field(row, "to")} in (${KNOWN})`;
  await sql`
    create trigger cleaner_status_changes_audit after insert on audit_log
    when ${readable("new")}
    begin
      insert into cleaner_status_changes (audit_id, cleaner_id, changed_at, from_status, to_status)
      values (new.id, new.subject_id, new.created_at, ${field("new", "from")},
        ${field("new", "to")});
    end`.execute(db);
  await sql`
    insert into cleaner_status_changes (audit_id, cleaner_id, changed_at, from_status, to_status)
    select a.id, a.subject_id, a.created_at, ${field("a", "from")}, ${field("a", "to")}
    from audit_log a where ${readable("a")}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger cleaner_status_changes_audit on audit_log`.execute(db);
    await sql`drop function cleaner_status_changes_audit()`.execute(db);
    await sql`drop function cleaner_status_change_read(text)`.execute(db);
  } else {
    await sql`drop trigger cleaner_status_changes_audit`.execute(db);
  }
  await db.schema.dropTable("cleaner_status_changes").execute();
}
