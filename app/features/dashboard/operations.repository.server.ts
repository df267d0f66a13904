import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { liveBookingSlots } from "~/server/live-bookings.repository.server";

// The SQL of the operational dashboard (docs/decisions/0044-figures-by-permission.md): bookings
// and jobs, counted without reading a single amount.

type Db = Kysely<Database>;

/**
 * Bookings made in [from, to) (ISO-8601 UTC) that are still on: not cancelled, of a lead that is
 * not deleted. bookings_created_idx finds the period's rows.
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
 * jobs still waiting for a cleaner, as the schedule marks them "Unassigned".
 */
export async function countJobsWithoutCleaner(db: Db, firstDate: string) {
  const row = await liveBookingSlots(db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("b.status", "=", "confirmed")
    .where("b.scheduled_date", ">=", firstDate)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("assignments as a")
            .select("a.id")
            .whereRef("a.booking_id", "=", "b.id")
            .where("a.status", "=", "accepted"),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
