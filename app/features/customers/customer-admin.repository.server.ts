import { sql, type Kysely } from "kysely";
import type { Cursor } from "~/components/kit/keyset";
import type { Database } from "~/server/database";

// The back office's customer list and page: one query per kind of record, each on an index
// (customers_created_idx, bookings_customer_idx, payments_booking_idx,
// contact_messages_email_idx).

type Db = Kysely<Database>;

/** A page of customers, newest first, matching `q` in the name, email or phone when given. */
export async function listCustomerPage(
  db: Db,
  input: { q: string | null; after: Cursor | null; limit: number },
) {
  let query = db
    .selectFrom("customers")
    .select(["customers.id", "name", "email", "phone", "created_at"])
    .select((eb) =>
      eb
        .selectFrom("bookings")
        .select((inner) => inner.fn.countAll<string | number>().as("n"))
        .whereRef("bookings.customer_id", "=", "customers.id")
        .as("bookings"),
    )
    .orderBy("created_at", "desc")
    .orderBy("customers.id", "desc")
    .limit(input.limit + 1);
  if (input.q) {
    const pattern = `%${input.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The typed text is matched literally on both dialects: its % and _ escaped with \.
    const like = (column: "name" | "email" | "phone") =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like("name"), like("email"), like("phone")]));
  }
  if (input.after) {
    const { value, id } = input.after;
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", value),
        eb.and([eb("created_at", "=", value), eb("customers.id", "<", id)]),
      ]),
    );
  }
  return query.execute();
}

export async function findCustomerForAdmin(db: Db, id: string) {
  return db
    .selectFrom("customers")
    .select(["id", "name", "email", "phone", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The customer's bookings with their quote's service, latest date first. */
export async function listBookingsForAdmin(db: Db, customerId: string) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.quote_id",
      "bookings.scheduled_date",
      "bookings.time_slot",
      "bookings.status",
      "bookings.price_cents",
      "bookings.discount_cents",
      "bookings.suburb",
      "quotes.service_type",
      "quotes.cleaning_level",
    ])
    .where("bookings.customer_id", "=", customerId)
    .orderBy("bookings.scheduled_date", "desc")
    .orderBy("bookings.id")
    .execute();
}

/** The payments of the customer's bookings, newest first. */
export async function listPaymentsForAdmin(db: Db, customerId: string) {
  return db
    .selectFrom("payments")
    .innerJoin("bookings", "bookings.id", "payments.booking_id")
    .select([
      "payments.id",
      "payments.amount_cents",
      "payments.refunded_cents",
      "payments.status",
      "payments.provider",
      "payments.paid_at",
      "payments.created_at",
      "bookings.reference",
      "bookings.quote_id",
    ])
    .where("bookings.customer_id", "=", customerId)
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id")
    .execute();
}

/** The contact messages sent from the customer's email, newest first. */
export async function listMessagesForAdmin(db: Db, email: string) {
  return db
    .selectFrom("contact_messages")
    .select(["id", "message", "created_at", "handled_at"])
    .where("email", "=", email)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
}
