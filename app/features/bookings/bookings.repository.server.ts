import { sql, type Kysely } from "kysely";
import type {
  BookingRow,
  BookingsTable,
  BookingStatus,
  Database,
  NewBooking,
} from "~/server/database";

// Every query of the bookings feature. Who is free, and the crew a booking holds, are the
// availability feature's (docs/decisions/0060-crews-and-cleaner-holds.md); booking_slot_counts,
// the fixed capacity per slot it replaced, is no longer read or written and may be dropped.

export type { BookingRow };

export async function insertBooking(db: Kysely<Database>, row: NewBooking) {
  await db.insertInto("bookings").values(row).execute();
}

export async function findBookingByReference(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
}

export async function findBookingById(db: Kysely<Database>, id: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The quote's booking that is not cancelled, if any. */
export async function findLiveBookingForQuote(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .where("status", "<>", "cancelled")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** Changes a booking when it still has status `from`; false when someone changed it since. */
export async function updateBookingIf(
  db: Kysely<Database>,
  id: string,
  from: { status: BookingStatus; scheduledDate: string; timeSlot: string },
  set: Partial<
    Pick<
      BookingsTable,
      "status" | "scheduled_date" | "time_slot" | "cancelled_at" | "cancelled_by" | "updated_at"
    >
  >,
) {
  const result = await db
    .updateTable("bookings")
    .set(set)
    .where("id", "=", id)
    .where("status", "=", from.status)
    .where("scheduled_date", "=", from.scheduledDate)
    .where("time_slot", "=", from.timeSlot)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findCustomerIdByEmail(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom("customers")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Adds a customer unless one with that email exists (two first bookings may race). */
export async function insertCustomerIfMissing(
  db: Kysely<Database>,
  row: { id: string; email: string; name: string; phone: string | null; at: string },
) {
  await db
    .insertInto("customers")
    .values({
      id: row.id,
      email: row.email,
      name: row.name,
      phone: row.phone,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

/** The booking's payment that was paid, if any (docs/decisions/0027-lead-lifecycle.md: refunded on cancel), and its amount. */
export async function findPaidPayment(db: Kysely<Database>, bookingId: string, quoteId: string) {
  const row = await db
    .selectFrom("payments")
    .select(["id", "amount_cents"])
    .where("status", "=", "paid")
    .where((eb) =>
      eb.or([
        eb("booking_id", "=", bookingId),
        eb.and([eb("booking_id", "is", null), eb("quote_id", "=", quoteId)]),
      ]),
    )
    .executeTakeFirst();
  return row ? { id: row.id, amountCents: Number(row.amount_cents) } : null;
}

/** The booking's offers still open or taken (pending, accepted). */
/** The booking's live offers, with the cleaner each is addressed to (who hears of a change). */
export async function findActiveAssignments(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select([
      "a.id",
      "a.status",
      "a.previous_quote_status",
      "a.cleaner_id",
      "a.created_at",
      "c.name as cleaner_name",
      "c.email as cleaner_email",
    ])
    .where("a.booking_id", "=", bookingId)
    .where("a.status", "in", ["pending", "accepted"])
    .execute();
}

/**
 * An accepted offer that a cancel or a reschedule takes back: the job leaves the cleaner's active
 * bookings (counted up when they accepted), never below zero.
 */
export async function releaseCleanerJob(db: Kysely<Database>, cleanerId: string, at: string) {
  await db
    .updateTable("cleaners")
    .set({
      active_bookings: sql<number>`case when active_bookings > 0 then active_bookings - 1 else 0 end`,
      updated_at: at,
    })
    .where("id", "=", cleanerId)
    .execute();
}

export async function updateAssignmentIf(
  db: Kysely<Database>,
  id: string,
  from: "pending" | "accepted",
  set: {
    status: "pending" | "cancelled";
    updated_at: string;
    scheduled_date?: string;
    time_slot?: string;
    response_deadline?: string;
    responded_at?: string | null;
    /** A new link for a re-asked offer: the old one stops working */
    token_hash?: string;
  },
) {
  const result = await db
    .updateTable("assignments")
    .set(set)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The customer's latest booking addresses, newest first (the booking page's street default). */
export async function listRecentBookingAddresses(db: Kysely<Database>, customerId: string) {
  const rows = await db
    .selectFrom("bookings")
    .select("address")
    .where("customer_id", "=", customerId)
    .orderBy("created_at", "desc")
    .limit(10)
    .execute();
  return rows.map((row) => row.address);
}
