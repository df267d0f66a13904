// The tables PostgreSQL's per-row count triggers keep (the leads board's totals, lead conversions,
// the dashboard's booking and lead counts), filled from the rows as the migrations that made them
// fill theirs (2026_11_22_1500, 2026_11_25_1140, 2026_11_25_1310, 2026_11_30_1500). A bench seed
// turns those triggers off for a bulk load, where each row would update the same few count rows,
// and runs this once after.
import { sql, type Kysely } from "kysely";
import type { Database } from "~/server/database";
import type { Dialect } from "./sql-dialects";

/** PostgreSQL: the user triggers of `tables` on or off (SQLite keeps its own for a load). */
export async function switchTriggers(
  db: Kysely<Database>,
  d: Dialect,
  tables: readonly string[],
  on: boolean,
) {
  if (d.name !== "postgres") return;
  for (const table of tables) {
    await sql.raw(`alter table ${table} ${on ? "enable" : "disable"} trigger user`).execute(db);
  }
}

/** The tables the quote, booking and payment triggers keep, from the rows; `run` runs a statement. */
export async function fillCountTables(run: (text: string) => Promise<unknown>) {
  await run(`delete from lead_board_totals`);
  await run(
    `insert into lead_board_totals (lead_status, status, service_type, leads, total_cents)
     select lead_status, status, service_type, count(*), coalesce(sum(total_cents), 0)
     from quotes where deleted_at is null group by lead_status, status, service_type`,
  );
  await run(`delete from lead_conversions`);
  await run(
    `insert into lead_conversions (quote_id, utc_hour)
     select q.id, substr(q.created_at, 1, 13) from quotes q
     where q.deleted_at is null and exists (
       select 1 from bookings b
       where b.quote_id = q.id and b.status <> 'cancelled'
         and (b.status = 'completed' or exists (
           select 1 from payments p
           where p.status = 'paid'
             and (p.booking_id = b.id or (p.booking_id is null and p.quote_id = b.quote_id)))))`,
  );
  await fillBookingCounts(run);
  await run(`delete from hourly_lead_counts`);
  await run(
    `insert into hourly_lead_counts (utc_hour, leads, booked_leads)
     select h.utc_hour, h.leads, coalesce(c.booked, 0)
     from (select substr(created_at, 1, 13) as utc_hour, count(*) as leads from quotes
           where deleted_at is null group by 1) h
     left join (select utc_hour, count(*) as booked from lead_conversions group by 1) c
       on c.utc_hour = h.utc_hour`,
  );
}

/** The operations dashboard's booking counts, as migration 2026_11_30_1500 fills them. */
async function fillBookingCounts(run: (text: string) => Promise<unknown>) {
  await run(`delete from booking_tallies`);
  await run(`delete from hourly_booking_counts`);
  await run(`delete from unstaffed_job_counts`);
  await run(
    `insert into booking_tallies (booking_id, made_hour, unstaffed_date)
     select t.booking_id, t.made_hour, t.unstaffed_date from (
       select b.id as booking_id,
         case when b.status <> 'cancelled' and q.deleted_at is null
           then substr(b.created_at, 1, 13) end as made_hour,
         case when b.status = 'confirmed' and q.deleted_at is null and not exists (
           select 1 from assignments a
           where a.quote_id = b.quote_id and a.status = 'accepted'
             and (a.booking_id = b.id or a.booking_id is null)
         ) then b.scheduled_date end as unstaffed_date
       from bookings b join quotes q on q.id = b.quote_id
     ) t where t.made_hour is not null or t.unstaffed_date is not null`,
  );
  await run(
    `insert into hourly_booking_counts (utc_hour, bookings)
     select made_hour, count(*) from booking_tallies where made_hour is not null group by 1`,
  );
  await run(
    `insert into unstaffed_job_counts (scheduled_date, jobs)
     select unstaffed_date, count(*) from booking_tallies where unstaffed_date is not null
     group by 1`,
  );
}
