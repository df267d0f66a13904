import type { Kysely } from "kysely";
import type { Database } from "./database";

/**
 * Bookings of leads that are not deleted, with what places a booking on the calendar: its ids,
 * date, slot and suburb. The schedule and the unstaffed-booking alert each narrow it further.
 */
export function liveBookingSlots(db: Kysely<Database>) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .select(["b.id", "b.quote_id", "b.reference", "b.scheduled_date", "b.time_slot", "b.suburb"])
    .where("q.deleted_at", "is", null);
}
