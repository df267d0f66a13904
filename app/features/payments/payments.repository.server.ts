import { PostgresAdapter, sql, type Kysely } from "kysely";
import type {
  Database,
  LeadStatus,
  NewPayment,
  PaymentProvider,
  PaymentRow,
  PaymentStatus,
  QuoteStatus,
} from "~/server/database";

// All SQL of payments. The booking and its quote are read here through one join until the
// bookings feature offers a service for it; the quote's lifecycle move on payment
// (docs/decisions/0027-lead-lifecycle.md) is written here too, as a compare-and-set.

type Db = Kysely<Database>;

/** The booking a payment is for, with what its quote says about the job and its price. */
export type BookingForPayment = {
  id: string;
  reference: string;
  quoteId: string;
  customerId: string | null;
  status: string;
  priceCents: number;
  /** The rewards discount stored on the booking (the quote keeps its total) */
  discountCents: number;
  scheduledDate: string;
  timeSlot: string;
  suburb: string | null;
  serviceType: string;
  cleaningLevel: string | null;
  hours: number | null;
  cleaners: number | null;
  hourlyRateCents: number | null;
  clientName: string;
  clientEmail: string;
};

function bookingQuery(db: Db) {
  return db
    .selectFrom("bookings")
    .innerJoin("quotes", "quotes.id", "bookings.quote_id")
    .selectAll("bookings")
    .select([
      "quotes.service_type",
      "quotes.cleaning_level",
      "quotes.estimated_hours",
      "quotes.cleaners_needed",
      "quotes.hourly_rate_cents",
      "quotes.client_name",
      "quotes.client_email",
    ]);
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>["executeTakeFirstOrThrow"]>>;

function toBooking(row: BookingRow): BookingForPayment {
  return {
    id: row.id,
    reference: row.reference,
    quoteId: row.quote_id,
    customerId: row.customer_id,
    status: row.status,
    priceCents: Number(row.price_cents),
    discountCents: Number(row.discount_cents ?? 0),
    scheduledDate: row.scheduled_date,
    timeSlot: row.time_slot,
    suburb: row.suburb,
    serviceType: row.service_type,
    cleaningLevel: row.cleaning_level,
    hours: row.estimated_hours === null ? null : Number(row.estimated_hours),
    cleaners: row.cleaners_needed === null ? null : Number(row.cleaners_needed),
    hourlyRateCents: row.hourly_rate_cents === null ? null : Number(row.hourly_rate_cents),
    clientName: row.client_name,
    clientEmail: row.client_email,
  };
}

export async function findBookingByReference(db: Db, reference: string) {
  const row = await bookingQuery(db)
    .where("bookings.reference", "=", reference)
    .where("quotes.deleted_at", "is", null)
    .executeTakeFirst();
  return row ? toBooking(row) : null;
}

export async function findBookingById(db: Db, bookingId: string) {
  const row = await bookingQuery(db).where("bookings.id", "=", bookingId).executeTakeFirst();
  return row ? toBooking(row) : null;
}

export type { PaymentRow };

function toPayment(row: PaymentRow): PaymentRow {
  return {
    ...row,
    amount_cents: Number(row.amount_cents),
    refunded_cents: Number(row.refunded_cents),
  };
}

/** The booking's payment in a given status, if any (the newest). */
export async function findBookingPaymentIn(db: Db, bookingId: string, statuses: PaymentStatus[]) {
  const row = await db
    .selectFrom("payments")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("status", "in", statuses)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row ? toPayment(row) : null;
}

/** Inserts the payment unless one with its idempotency key exists; false when it did. */
export async function insertPaymentUnlessKeyed(db: Db, row: NewPayment) {
  const result = await db
    .insertInto("payments")
    .values(row)
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findPaymentByKey(db: Db, key: string) {
  const row = await db
    .selectFrom("payments")
    .selectAll()
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row ? toPayment(row) : null;
}

export async function findPaymentById(db: Db, id: string) {
  const row = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPayment(row) : null;
}

/** Points a pending payment at the provider that will take it (the mode may have changed). */
export async function setPendingProvider(
  db: Db,
  id: string,
  provider: PaymentProvider,
  providerReference: string | null,
  at: string,
) {
  await db
    .updateTable("payments")
    .set({ provider, provider_reference: providerReference, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** Records a declined attempt on a payment that is still pending. */
export async function recordDecline(db: Db, id: string, reason: string, at: string) {
  await db
    .updateTable("payments")
    .set({ failure_reason: reason, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** pending -> paid, only if it is still pending; false when somebody else moved it first. */
export async function markPaidIfPending(
  db: Db,
  id: string,
  change: { provider: PaymentProvider; providerReference: string | null; at: string },
) {
  const result = await db
    .updateTable("payments")
    .set({
      status: "paid",
      provider: change.provider,
      provider_reference: change.providerReference,
      failure_reason: null,
      paid_at: change.at,
      updated_at: change.at,
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** paid -> refunded, only if it is still paid; false when somebody else moved it first. */
/**
 * Adds a refund to a paid payment, only if nobody refunded any of it since `fromCents` was read
 * (a compare-and-set); it becomes refunded once all of it is. False when somebody was first.
 */
export async function addRefundIfUnchanged(
  db: Db,
  refund: { id: string; fromCents: number; toCents: number; whole: boolean; at: string },
) {
  const { id, fromCents, toCents, whole, at } = refund;
  const result = await db
    .updateTable("payments")
    .set({
      status: whole ? "refunded" : "paid",
      refunded_cents: toCents,
      refunded_at: at,
      updated_at: at,
    })
    .where("id", "=", id)
    .where("status", "=", "paid")
    .where("refunded_cents", "=", fromCents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findQuoteLifecycle(db: Db, quoteId: string) {
  return db
    .selectFrom("quotes")
    .select(["status", "lead_status"])
    .where("id", "=", quoteId)
    .executeTakeFirst();
}

export type QuoteLifecycle = { status: QuoteStatus; lead_status: LeadStatus };

/** Moves a quote's status and lead status together, only if both are still what was read. */
export async function updateQuoteLifecycleIf(
  db: Db,
  quoteId: string,
  from: QuoteLifecycle,
  to: QuoteLifecycle,
  at: string,
) {
  const result = await db
    .updateTable("quotes")
    .set({ status: to.status, lead_status: to.lead_status, updated_at: at })
    .where("id", "=", quoteId)
    .where("status", "=", from.status)
    .where("lead_status", "=", from.lead_status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Cents paid and not refunded on a customer's bookings. */
export async function sumPaidCentsForCustomer(db: Db, customerId: string) {
  const row = await db
    .selectFrom("payments")
    .innerJoin("bookings", "bookings.id", "payments.booking_id")
    .select(
      sql<string | number | null>`sum(payments.amount_cents - payments.refunded_cents)`.as("cents"),
    )
    .where("bookings.customer_id", "=", customerId)
    .where("payments.status", "=", "paid")
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/**
 * Whether a charge to refund was already recorded for Checkout session `sessionId` of payment
 * `paymentId`. On PostgreSQL the payment's row is locked first, so two deliveries of the same
 * event at once are taken one after the other; SQLite has one writer at a time already.
 */
export async function duplicateChargeRecorded(
  trx: Kysely<Database>,
  input: { paymentId: string; sessionId: string; action: string },
) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx
      .selectFrom("payments")
      .select("id")
      .where("id", "=", input.paymentId)
      .forUpdate()
      .execute();
  }
  const entries = await trx
    .selectFrom("audit_log")
    .select("details")
    .where("action", "=", input.action)
    .where("subject_type", "=", "payment")
    .where("subject_id", "=", input.paymentId)
    .execute();
  return entries.some((entry) => {
    const details = JSON.parse(entry.details ?? "{}") as { session?: unknown };
    return details.session === input.sessionId;
  });
}

/**
 * The booking's status as it is now, in the paying transaction, with its row locked on
 * PostgreSQL: a cancel committing meanwhile is waited for and seen, and a cancel starting now
 * waits for the payment and then finds it paid (and refunds it). SQLite has one writer at a time.
 */
export async function lockBookingStatus(trx: Db, bookingId: string) {
  let query = trx.selectFrom("bookings").select("status").where("id", "=", bookingId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row?.status ?? null;
}
