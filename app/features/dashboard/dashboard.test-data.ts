import type { Insertable, Kysely } from "kysely";
import { recordTransaction } from "~/features/ledger/ledger.server";
import { newId } from "~/lib/ids";
import type {
  AssignmentStatus,
  CleanerStatus,
  Database,
  TransactionStatus,
  TransactionType,
} from "~/server/database";
import { CLEANER_STATUS_CHANGED } from "~/features/cleaners/cleaner-status";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";

// Small row builders for the dashboard's tests: only the columns a test cares about vary. Ledger
// rows go through the ledger module, as every writer's do, so the rollups stay in step.

type Db = Kysely<Database>;

export async function addTransaction(
  db: Db,
  row: {
    type: TransactionType;
    cents: number;
    at: string;
    status?: TransactionStatus;
    category?: string | null;
  },
) {
  const id = newId();
  await recordTransaction(db, {
    id,
    reference_id: `REF-${id.slice(0, 6)}`,
    description: `${row.type} ${row.cents}`,
    type: row.type,
    amount_cents: row.cents,
    category:
      row.category === undefined ? (row.type === "payout" ? null : "Residential") : row.category,
    status: row.status ?? "completed",
    payment_id: null,
    payout_id: null,
    created_at: row.at,
  });
  return id;
}

/** How a test lead's booking stands: paid and completed ones convert the lead, the others do not. */
export type TestBooking = "paid" | "completed" | "cancelled" | "unpaid";

export async function addLead(
  db: Db,
  row: {
    at: string;
    deleted?: boolean;
    bookedAt?: string;
    booking?: TestBooking;
    /** The job's Sydney date, 2026-12-01 unless given */
    scheduledDate?: string;
  },
) {
  const id = newId();
  await db
    .insertInto("quotes")
    .values({
      id,
      reference: newId(),
      client_name: "Test Client",
      client_email: "client@example.com",
      service_type: "residential",
      space_details: "{}",
      cleaning_level: "basic",
      estimated_hours: 3,
      cleaners_needed: 1,
      hourly_rate_cents: 5000,
      total_cents: 15000,
      status: "pending",
      lead_status: "new",
      lead_source: "website",
      created_at: row.at,
      updated_at: row.at,
      deleted_at: row.deleted ? row.at : null,
    })
    .execute();
  if (row.bookedAt) {
    const booking = row.booking ?? "paid";
    const bookingId = newId();
    await db
      .insertInto("bookings")
      .values({
        id: bookingId,
        reference: newId(),
        quote_id: id,
        scheduled_date: row.scheduledDate ?? "2026-12-01",
        time_slot: "09:00",
        address: "1 Test St",
        status:
          booking === "completed"
            ? "completed"
            : booking === "cancelled"
              ? "cancelled"
              : "confirmed",
        price_cents: 15000,
        created_at: row.bookedAt,
        updated_at: row.bookedAt,
        completed_at: booking === "completed" ? row.bookedAt : null,
        cancelled_at: booking === "cancelled" ? row.bookedAt : null,
        cancelled_by: booking === "cancelled" ? "customer" : null,
      })
      .execute();
    if (booking === "paid") {
      await db
        .insertInto("payments")
        .values({
          id: newId(),
          quote_id: id,
          booking_id: bookingId,
          amount_cents: 15000,
          payment_method: "card",
          provider: "test",
          status: "paid",
          created_at: row.bookedAt,
          updated_at: row.bookedAt,
          paid_at: row.bookedAt,
        })
        .execute();
    }
  }
  return id;
}

/** An offer of `quoteId`'s booking to a cleaner, in the given status. */
export async function addOffer(
  db: Db,
  row: { quoteId: string; cleanerId: string; status: AssignmentStatus; at: string },
) {
  const booking = await db
    .selectFrom("bookings")
    .select(["id", "scheduled_date", "time_slot"])
    .where("quote_id", "=", row.quoteId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("assignments")
    .values({
      id: newId(),
      quote_id: row.quoteId,
      booking_id: booking.id,
      cleaner_id: row.cleanerId,
      scheduled_date: booking.scheduled_date,
      time_slot: booking.time_slot,
      status: row.status,
      response_deadline: row.at,
      token_hash: newId(),
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

export async function addCleaner(
  db: Db,
  row: { status: CleanerStatus; rating?: number; createdAt: string },
) {
  const id = newId();
  await insertCleaners(db, [
    {
      id,
      name: `Cleaner ${id.slice(0, 4)}`,
      status: row.status,
      rating: row.rating ?? 0,
      created_at: row.createdAt,
      updated_at: row.createdAt,
    },
  ]);
  return id;
}

export function statusChangeRow(
  cleanerId: string,
  change: { from: CleanerStatus; to: CleanerStatus; at: string },
): Insertable<Database["audit_log"]> {
  return {
    id: newId(),
    actor_type: "staff",
    action: CLEANER_STATUS_CHANGED,
    subject_type: "cleaner",
    subject_id: cleanerId,
    details: JSON.stringify({ from: change.from, to: change.to }),
    created_at: change.at,
  };
}

export async function addStatusChange(
  db: Db,
  cleanerId: string,
  change: { from: CleanerStatus; to: CleanerStatus; at: string },
) {
  await db.insertInto("audit_log").values(statusChangeRow(cleanerId, change)).execute();
}
