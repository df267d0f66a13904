import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database, NewMagicLinkToken } from "~/server/database";

// All SQL of customer accounts: customers, their magic links, and read-only views of their
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

export async function insertMagicLink(db: Kysely<Database>, row: NewMagicLinkToken) {
  await db.insertInto("magic_link_tokens").values(row).execute();
}

/** A magic link by its token's hash, with whether it can still be used at `now`. */
export async function findMagicLinkByHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("magic_link_tokens")
    .select(["id", "customer_id", "expires_at", "used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/**
 * Marks an open link used (compare-and-set on used_at): of two clicks racing, exactly one
 * claims it. Returns the link's customer id, or null when it was used, expired or unknown.
 */
export async function claimMagicLink(db: Kysely<Database>, tokenHash: string, now: string) {
  const result = await db
    .updateTable("magic_link_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await findMagicLinkByHash(db, tokenHash);
  return row?.customer_id ?? null;
}

/** Links that can no longer be used, dropped when new ones are made so the table stays small. */
export async function deleteStaleMagicLinks(db: Kysely<Database>, before: string) {
  await db.deleteFrom("magic_link_tokens").where("expires_at", "<", before).execute();
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
