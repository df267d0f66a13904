import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "~/server/database";

// All SQL of customer accounts: customers and read-only views of their
// bookings and paid payments (the booking and payment features own those tables; these
// queries only read them, until their services expose what My Bookings needs).

/** The customer an email names, compared without regard to case. */
export async function findCustomerByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("customers")
    .select(["id", "email", "name", "phone"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .orderBy("created_at")
    .executeTakeFirst();
}

export async function findCustomerById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("customers")
    .select(["id", "email", "name", "phone"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function updateCustomerDetails(
  db: Kysely<Database>,
  id: string,
  values: { name: string; phone: string; updated_at: string },
) {
  await db.updateTable("customers").set(values).where("id", "=", id).execute();
}

const bookingColumns = [
  "bookings.id",
  "bookings.reference",
  "bookings.customer_id",
  "bookings.scheduled_date",
  "bookings.time_slot",
  "bookings.address",
  "bookings.suburb",
  "bookings.postcode",
  "bookings.status",
  "bookings.price_cents",
  "bookings.discount_cents",
  "quotes.service_type",
  "quotes.cleaning_level",
] as const;

/** The booking's settled payment, if any: paid, or refunded (the newest when there are several). */
function settledPaymentStatus(eb: ExpressionBuilder<Database, "bookings">) {
  return eb
    .selectFrom("payments")
    .select("payments.status")
    .whereRef("payments.booking_id", "=", "bookings.id")
    .where("payments.status", "in", ["paid", "refunded"])
    .orderBy("payments.updated_at", "desc")
    .limit(1)
    .as("payment_status");
}

export type CustomerBookingRow = Awaited<ReturnType<typeof listBookingsOfCustomer>>[number];

/** Every booking of a customer with its quote's service; the service orders them. */
export async function listBookingsOfCustomer(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select(bookingColumns)
    .select((eb) => settledPaymentStatus(eb))
    .where("bookings.customer_id", "=", customerId)
    .orderBy("bookings.scheduled_date", "desc")
    .orderBy("bookings.time_slot", "desc")
    .execute();
}

/** One booking by its unguessable reference. */
export async function findBookingByReference(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select(bookingColumns)
    .select((eb) => settledPaymentStatus(eb))
    .where("bookings.reference", "=", reference)
    .executeTakeFirst();
}

/** One booking, only when it belongs to `customerId`: the ownership check is in the query. */
export async function findBookingOfCustomer(
  db: Kysely<Database>,
  bookingId: string,
  customerId: string,
) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select(bookingColumns)
    .select((eb) => settledPaymentStatus(eb))
    .where("bookings.id", "=", bookingId)
    .where("bookings.customer_id", "=", customerId)
    .executeTakeFirst();
}

/** The address of the customer's latest booking (the profile's saved address). */
export async function findLatestBookingAddress(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom("bookings")
    .select(["address", "suburb", "postcode"])
    .where("customer_id", "=", customerId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Cents paid for the customer's bookings and not refunded: a refunded payment leaves status
 * paid, so it no longer counts (docs/decisions/0012-real-customer-data.md: points are derived).
 */
export async function sumPaidCentsOfCustomer(db: Kysely<Database>, customerId: string) {
  const row = await db
    .selectFrom("payments")
    .innerJoin("bookings", "bookings.id", "payments.booking_id")
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number | string>("payments.amount_cents"), eb.lit(0)).as("paid"),
    )
    .where("bookings.customer_id", "=", customerId)
    .where("payments.status", "=", "paid")
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

/**
 * What Book again repeats of one of the customer's bookings (docs/decisions/0079-book-again.md):
 * its quote's service, level and space, the contact, and the cleaner of its first accepted seat.
 */
export async function findBookingToRepeat(
  db: Kysely<Database>,
  bookingId: string,
  customerId: string,
) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select([
      "bookings.id",
      "bookings.status",
      "bookings.scheduled_date",
      "bookings.time_slot",
      "quotes.service_type",
      "quotes.cleaning_level",
      "quotes.space_details",
      "quotes.client_name",
      "quotes.client_email",
      "quotes.client_phone",
      "quotes.preferred_cleaner_id",
    ])
    .select((eb) =>
      eb
        .selectFrom("assignments")
        .select("assignments.cleaner_id")
        .whereRef("assignments.booking_id", "=", "bookings.id")
        .where("assignments.status", "=", "accepted")
        .orderBy("assignments.seat")
        .limit(1)
        .as("crew_lead_id"),
    )
    .where("bookings.id", "=", bookingId)
    .where("bookings.customer_id", "=", customerId)
    .executeTakeFirst();
}
