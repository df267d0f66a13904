import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";
import type { ChargeContext } from "./card-charges.service.server";
import { insertBookedQuote } from "./payments.test-helpers";

// A completed visit of a weekly series, written directly (the recurring feature books visits in
// the product), for the saved-card charge tests.

export const CHARGE_CONFIG: ChargeContext["config"] = {
  paymentsMode: "test",
  publicUrl: "https://harbour.example",
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  sessionSecret: "a-session-secret-for-saved-card-tests",
  twilio: null,
};

export async function insertCompletedVisit(
  db: Kysely<Database>,
  options: { customerId: string; completedAt?: Date },
) {
  const booked = await insertBookedQuote(db, { customerId: options.customerId });
  const at = (options.completedAt ?? new Date()).toISOString();
  await db
    .updateTable("bookings")
    .set({ status: "completed", completed_at: at, scheduled_date: "2026-11-02" })
    .where("id", "=", booked.bookingId)
    .execute();
  const seriesId = newId();
  await db
    .insertInto("recurring_series")
    .values({
      id: seriesId,
      customer_id: options.customerId,
      quote_id: booked.quoteId,
      plan: null,
      rule: "FREQ=WEEKLY;BYDAY=MO",
      starts_on: "2026-11-02",
      time_slot: "09:00",
      address: "12 Raglan St, Mosman NSW 2088",
      suburb: "Mosman",
      postcode: "2088",
      lat: null,
      lng: null,
      visit_price_cents: booked.priceCents,
      status: "active",
      paused_until: null,
      booked_through: "2026-11-02",
      created_at: at,
      updated_at: at,
      cancelled_at: null,
    })
    .execute();
  await db
    .insertInto("series_occurrences")
    .values({
      id: newId(),
      series_id: seriesId,
      occurrence_date: "2026-11-02",
      booking_id: booked.bookingId,
      status: "booked",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return booked;
}

export async function chargesOf(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("card_charges")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("attempt")
    .execute();
}

/** The charge jobs waiting in the outbox, with their payloads read back. */
export async function chargeJobsOf(db: Kysely<Database>, bookingId: string) {
  const rows = await db
    .selectFrom("outbox_messages")
    .select(["payload", "next_attempt_at"])
    .where("topic", "=", "payments.charge_saved_card")
    .where("subject_id", "=", bookingId)
    .orderBy("next_attempt_at")
    .execute();
  return rows.map((row) => ({
    ...(JSON.parse(row.payload) as { bookingId: string; attempt: number }),
    dueAt: row.next_attempt_at,
  }));
}
