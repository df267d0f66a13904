import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The margins screen's figures, kept as the writes happen so that reading a year no longer reads
// every job (docs/decisions/0095-margins-from-monthly-rollups.md):
// - margin_job_tallies: what each completed job adds (paid, refunded, GST on what was kept, the
//   timesheet lines' pay and super), with its month, service type and suburb ('' for none);
// - margin_monthly: their sums per month x service type x suburb, with the number of jobs.
// A write to a booking, its quote, its payments, its timesheet lines or a cleaner's employment
// type recomputes only the bookings it touches: their old tally is taken away and the new one
// added, as booking_tallies does (2026_11_30_1500).
//
// The rules are the app's (app/features/payroll/pay-rules.ts, invoices/invoice.ts), in whole
// numbers so both dialects round as JavaScript's Math.round does (x rounds to floor(x + 0.5)):
// - GST of what was kept, per job: round(kept / 11) = floor((2 * kept + 11) / 22);
// - super, per line, employees only: round(base x rate% / 100) = floor((base x rate‰ + 500) / 1000)
//   with the guarantee rate in force on the line's date. SUPER_RATES_PER_MILLE must follow
//   SUPER_GUARANTEE_RATES (a test compares them): a new rate needs a migration re-creating these.

export const SUPER_RATES_PER_MILLE: ReadonlyArray<{ from: string; perMille: number }> = [
  { from: "2024-07-01", perMille: 115 },
  { from: "2025-07-01", perMille: 120 },
];

const FIGURES = [
  "paid_cents",
  "refunded_cents",
  "gst_cents",
  "labour_cents",
  "super_cents",
  "fees_cents",
];

const superRate = (date: string) =>
  `case ${[...SUPER_RATES_PER_MILLE]
    .reverse()
    .map((r) => `when ${date} >= '${r.from}' then ${r.perMille}`)
    .join(" ")} else 0 end`;

/** The tallies of the completed bookings chosen by `chosen` (a condition on a booking id column). */
const tallies = (chosen: (column: string) => string) => `
  select x.booking_id, x.scheduled_date, x.month, x.service_type, x.suburb,
    x.paid_cents, x.refunded_cents,
    cast(floor((2 * (x.paid_cents - x.refunded_cents) + 11) / 22.0) as integer) as gst_cents,
    x.labour_cents, x.super_cents, 0 as fees_cents
  from (
    select b.id as booking_id, b.scheduled_date, substr(b.scheduled_date, 1, 7) as month,
      q.service_type, coalesce(b.suburb, '') as suburb,
      coalesce(p.paid, 0) as paid_cents, coalesce(p.refunded, 0) as refunded_cents,
      coalesce(l.labour, 0) as labour_cents, coalesce(l.super, 0) as super_cents
    from bookings b
    join quotes q on q.id = b.quote_id
    left join (
      select booking_id, sum(amount_cents) as paid,
        sum(case when status = 'paid' then refunded_cents else amount_cents end) as refunded
      from payments where status in ('paid', 'refunded') and ${chosen("booking_id")}
      group by booking_id
    ) p on p.booking_id = b.id
    left join (
      select t.booking_id, sum(t.base_cents + t.adjustment_cents) as labour,
        sum(case when c.employment_type = 'employee'
          then cast(floor((t.base_cents * ${superRate("t.work_date")} + 500) / 1000.0) as integer)
          else 0 end) as super
      from timesheet_lines t join cleaners c on c.id = t.cleaner_id
      where ${chosen("t.booking_id")}
      group by t.booking_id
    ) l on l.booking_id = b.id
    where b.status = 'completed' and ${chosen("b.id")}
  ) x`;

/** Adds `sign` times the tallies of the chosen bookings to the monthly rollups. */
const addRollups = (chosen: string, sign: "+" | "-") => `
  insert into margin_monthly (month, service_type, suburb, jobs, ${FIGURES.join(", ")})
  select month, service_type, suburb, ${sign}count(*),
    ${FIGURES.map((f) => `${sign}sum(${f})`).join(", ")}
  from margin_job_tallies where ${chosen} group by month, service_type, suburb
  on conflict (month, service_type, suburb) do update set jobs = margin_monthly.jobs + excluded.jobs,
    ${FIGURES.map((f) => `${f} = margin_monthly.${f} + excluded.${f}`).join(", ")};`;

const INSERT_TALLIES = `insert into margin_job_tallies
  (booking_id, scheduled_date, month, service_type, suburb, ${FIGURES.join(", ")})`;

/** Recomputes the bookings whose ids satisfy `idIn`: the old tallies out, the new ones in. */
function recompute(idIn: (column: string) => string) {
  return `
    ${addRollups(idIn("booking_id"), "-")}
    delete from margin_job_tallies where ${idIn("booking_id")};
    ${INSERT_TALLIES} ${tallies(idIn)};
    ${addRollups(idIn("booking_id"), "+")}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const figures = (table: string) => {
    let builder = db.schema.createTable(table);
    for (const figure of FIGURES) {
      builder = builder.addColumn(figure, "bigint", (col) => col.notNull().defaultTo(0));
    }
    return builder;
  };
  await figures("margin_job_tallies")
    .addColumn("booking_id", "text", (col) => col.primaryKey())
    .addColumn("scheduled_date", "text", (col) => col.notNull())
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("service_type", "text", (col) => col.notNull())
    .addColumn("suburb", "text", (col) => col.notNull())
    .execute();
  // The per-job list pages newest first.
  await db.schema
    .createIndex("margin_job_tallies_date")
    .on("margin_job_tallies")
    .columns(["scheduled_date", "booking_id"])
    .execute();
  await figures("margin_monthly")
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("service_type", "text", (col) => col.notNull())
    .addColumn("suburb", "text", (col) => col.notNull())
    .addColumn("jobs", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("margin_monthly_pk", ["month", "service_type", "suburb"])
    .execute();
  if (postgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await fillMarginRollups(db);
}

/** The tallies and rollups of the rows already there, from scratch (also what a bulk load runs). */
export async function fillMarginRollups(db: Kysely<any>) {
  await sql`delete from margin_job_tallies`.execute(db);
  await sql`delete from margin_monthly`.execute(db);
  await sql.raw(`${INSERT_TALLIES} ${tallies(() => "1 = 1")}`).execute(db);
  await sql
    .raw(
      `insert into margin_monthly (month, service_type, suburb, jobs, ${FIGURES.join(", ")})
       select month, service_type, suburb, count(*), ${FIGURES.map((f) => `sum(${f})`).join(", ")}
       from margin_job_tallies group by month, service_type, suburb`,
    )
    .execute(db);
}

// What each table's writes touch: the trigger, the columns whose change matters, and the bookings
// a row stands for (given "old" or "new"), as a list of ids for SQL's `in (...)`.
const WATCHED = [
  {
    table: "bookings",
    on: "id, status, scheduled_date, suburb, quote_id",
    of: (row: string) => `${row}.id`,
    inserts: true,
  },
  {
    table: "quotes",
    on: "id, service_type",
    of: (row: string) => `select id from bookings where quote_id = ${row}.id`,
    inserts: false,
  },
  {
    table: "payments",
    on: "booking_id, status, amount_cents, refunded_cents",
    of: (row: string) => `${row}.booking_id`,
    inserts: true,
  },
  {
    table: "timesheet_lines",
    on: "booking_id, cleaner_id, base_cents, adjustment_cents, work_date",
    of: (row: string) => `${row}.booking_id`,
    inserts: true,
  },
  {
    table: "cleaners",
    on: "id, employment_type",
    of: (row: string) => `select booking_id from timesheet_lines where cleaner_id = ${row}.id`,
    inserts: false,
  },
];

const sqliteTrigger = (table: string, event: string) => `margin_rollups_${table}_${event}`;

async function createSqliteTriggers(db: Kysely<any>) {
  const idsIn = (list: string) => (column: string) => `${column} in (${list})`;
  for (const { table, on, of, inserts } of WATCHED) {
    const events = [
      { event: "update", when: `after update of ${on} on ${table}`, rows: ["old", "new"] },
      ...(inserts
        ? [
            { event: "insert", when: `after insert on ${table}`, rows: ["new"] },
            { event: "delete", when: `after delete on ${table}`, rows: ["old"] },
          ]
        : []),
    ];
    for (const { event, when, rows } of events) {
      // Each row's bookings separately: SQLite's `in` takes one list or one subquery.
      const body = rows.map((row) => recompute(idsIn(of(row)))).join("\n");
      await sql
        .raw(`create trigger ${sqliteTrigger(table, event)} ${when} begin ${body} end`)
        .execute(db);
    }
  }
}

// PostgreSQL: one function recomputes a list of bookings; each trigger hands it the ids.

async function createPostgresTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create function margin_rollups_recompute(ids text[]) returns void language plpgsql as $$
       begin
         ${recompute((column) => `${column} = any(ids)`)}
       end $$`,
    )
    .execute(db);
  for (const { table, on, of, inserts } of WATCHED) {
    const ids = (row: string) =>
      of(row).startsWith("select") ? `array(${of(row)})` : `array[${of(row)}]`;
    await sql
      .raw(
        `create function margin_rollups_${table}() returns trigger language plpgsql as $$
         begin
           if tg_op in ('UPDATE', 'DELETE') then perform margin_rollups_recompute(${ids("old")}); end if;
           if tg_op in ('INSERT', 'UPDATE') then perform margin_rollups_recompute(${ids("new")}); end if;
           return null;
         end $$`,
      )
      .execute(db);
    const events = inserts ? `insert or delete or update of ${on}` : `update of ${on}`;
    await sql
      .raw(
        `create trigger margin_rollups_${table} after ${events} on ${table}
         for each row execute function margin_rollups_${table}()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, inserts } of WATCHED) {
    if (postgres) {
      await sql.raw(`drop trigger margin_rollups_${table} on ${table}`).execute(db);
      await sql.raw(`drop function margin_rollups_${table}()`).execute(db);
      continue;
    }
    for (const event of inserts ? ["update", "insert", "delete"] : ["update"]) {
      await sql.raw(`drop trigger ${sqliteTrigger(table, event)}`).execute(db);
    }
  }
  if (postgres) await sql`drop function margin_rollups_recompute(text[])`.execute(db);
  await db.schema.dropTable("margin_monthly").execute();
  await db.schema.dropTable("margin_job_tallies").execute();
}
