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
 * jobs still waiting for a cleaner, as the schedule marks them "Unassigned". An offer is found by
 * its quote (assignments_quote_idx) and belongs to the booking, or to the quote before it was
 * booked.
 */
export async function countJobsWithoutCleaner(db: Db, firstDate: string) {
  const row = await liveBookingSlots(db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("b.status", "=", "confirmed")
    .where("b.scheduled_date", ">=", firstDate)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("assignments as offer")
            .select("offer.id")
            .whereRef("offer.quote_id", "=", "b.quote_id")
            .where("offer.status", "=", "accepted")
            .where((inner) =>
              inner.or([
                inner("offer.booking_id", "=", inner.ref("b.id")),
                inner("offer.booking_id", "is", null),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
