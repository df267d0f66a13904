import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { liveBookingSlots } from "~/server/live-bookings.repository.server";

// The SQL of the operational dashboard (docs/decisions/0044-figures-by-permission.md): bookings
// and jobs, counted without reading a single amount. Both counts come from tables the triggers of
// migration 2026_11_30_1500 keep with every booking, quote and offer written
// (docs/decisions/0089-admin-lists-at-scale.md), so they cost the same at any number of bookings.

type Db = Kysely<Database>;

/** Bookings still on made in the whole UTC hours [fromHour, toHour) (YYYY-MM-DDTHH). */
export async function countBookingsMadeInHours(db: Db, fromHour: string, toHour: string) {
  const row = await db
    .selectFrom("hourly_booking_counts")
    .select((eb) => eb.fn.sum<number | null>("bookings").as("count"))
    .where("utc_hour", ">=", fromHour)
    .where("utc_hour", "<", toHour)
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}

/**
 * Bookings made in [from, to) (ISO-8601 UTC) that are still on: not cancelled, of a lead that is
 * not deleted, counted row by row over bookings_created_idx. Only for the part hours at a
 * period's ends; the definition is the one the hourly counts keep.
 */
export async function countBookingsMadeBetween(db: Db, from: string, to: string) {
  const row = await liveBookingSlots(db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("b.status", "<>", "cancelled")
    .where("b.created_at", ">=", from)
    .where("b.created_at", "<", to)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Confirmed bookings on `firstDate` (a Sydney YYYY-MM-DD) or later with no accepted offer: the
 * jobs still waiting for a cleaner, as the schedule marks them "Unassigned". An offer belongs to
 * the booking, or to its quote before it was booked. A few hundred dates at most are summed.
 */
export async function countJobsWithoutCleaner(db: Db, firstDate: string) {
  const row = await db
    .selectFrom("unstaffed_job_counts")
    .select((eb) => eb.fn.sum<number | null>("jobs").as("count"))
    .where("scheduled_date", ">=", firstDate)
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}
