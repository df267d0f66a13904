import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";

// The reminder sweep's queries (docs/decisions/0075-reminders-once-per-booked-time.md).

export type BookingToRemind = {
  id: string;
  reference: string;
  scheduledDate: string;
  timeSlot: string;
  address: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string | null;
  serviceType: string;
  cleaningLevel: string | null;
};

function bookingsWithClient(db: Kysely<Database>) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select([
      "bookings.id as id",
      "bookings.reference as reference",
      "bookings.scheduled_date as scheduledDate",
      "bookings.time_slot as timeSlot",
      "bookings.address as address",
      "quotes.client_name as clientName",
      "quotes.client_email as clientEmail",
      "quotes.client_phone as clientPhone",
      "quotes.service_type as serviceType",
      "quotes.cleaning_level as cleaningLevel",
    ])
    .where("bookings.status", "=", "confirmed");
}

/**
 * Confirmed bookings on the given Sydney dates with no reminder yet for their booked time (a
 * moved booking has none for its new time), after `afterId` in id order, so a sweep pages on.
 */
export async function findBookingsWithoutReminder(
  db: Kysely<Database>,
  input: { fromDate: string; toDate: string; afterId: string; limit: number },
): Promise<BookingToRemind[]> {
  return bookingsWithClient(db)
    .where("bookings.scheduled_date", ">=", input.fromDate)
    .where("bookings.scheduled_date", "<=", input.toDate)
    .where("bookings.id", ">", input.afterId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("booking_reminders")
            .select("booking_reminders.id")
            .whereRef("booking_reminders.booking_id", "=", "bookings.id")
            .whereRef("booking_reminders.scheduled_date", "=", "bookings.scheduled_date")
            .whereRef("booking_reminders.time_slot", "=", "bookings.time_slot"),
        ),
      ),
    )
    .orderBy("bookings.id")
    .limit(input.limit)
    .execute();
}

/** The booking as it is now, if still confirmed: read again inside the reminder's transaction. */
export async function findConfirmedBooking(db: Kysely<Database>, bookingId: string) {
  return bookingsWithClient(db).where("bookings.id", "=", bookingId).executeTakeFirst();
}

/**
 * Claims the reminder for a booked time. Only one insert of a (booking, date, slot) can succeed,
 * on either database and from any number of processes; the loser is told false and sends nothing.
 */
export async function claimReminder(
  db: Kysely<Database>,
  booking: { id: string; scheduledDate: string; timeSlot: string },
  at: string,
) {
  const result = await db
    .insertInto("booking_reminders")
    .values({
      id: newId(),
      booking_id: booking.id,
      scheduled_date: booking.scheduledDate,
      time_slot: booking.timeSlot,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(["booking_id", "scheduled_date", "time_slot"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function markReminderTexted(
  db: Kysely<Database>,
  booking: { id: string; scheduledDate: string; timeSlot: string },
) {
  await db
    .updateTable("booking_reminders")
    .set({ sent_by_sms: 1 })
    .where("booking_id", "=", booking.id)
    .where("scheduled_date", "=", booking.scheduledDate)
    .where("time_slot", "=", booking.timeSlot)
    .execute();
}

/** The first names of the cleaners who accepted the job's seats, by seat. */
export async function findCrewFirstNames(db: Kysely<Database>, bookingId: string) {
  const rows = await db
    .selectFrom("assignments")
    .innerJoin("cleaners", "cleaners.id", "assignments.cleaner_id")
    .select(["cleaners.name as name"])
    .where("assignments.booking_id", "=", bookingId)
    .where("assignments.status", "=", "accepted")
    .orderBy("assignments.seat")
    .execute();
  return rows.map((row) => row.name.trim().split(/\s+/)[0] ?? row.name);
}

/** The reminders sent for a booking, oldest first (for its tests and the demo). */
export async function listRemindersForBooking(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("booking_reminders")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("created_at")
    .execute();
}
