import type { Kysely } from "kysely";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { TEST_KEY } from "~/features/finance/finance.test-data";
import { encryptField } from "~/lib/crypto.server";
import { newId } from "~/lib/ids";
import type { Database, EmploymentType, ServiceType } from "~/server/database";

// Row builders for the payroll tests: a cleaner with a pay basis and bank details, and a completed
// job with one seat per cleaner, checked in and out or not.

type Db = Kysely<Database>;

export { TEST_KEY };

export const OWNER = { staffId: "staff-owner", ip: "203.0.113.9" };

export async function addCleaner(
  db: Db,
  row: {
    name: string;
    employment?: EmploymentType;
    rateCents?: number | null;
    serviceRates?: Partial<Record<ServiceType, number>>;
    bsb?: string;
    account?: string;
  },
) {
  const [id] = await insertCleaners(db, [
    {
      name: row.name,
      email: `${row.name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      employment_type: row.employment ?? "contractor",
      pay_rate_cents: row.rateCents ?? null,
      service_pay_rates: row.serviceRates ? JSON.stringify(row.serviceRates) : null,
      account_name: row.name,
      bsb_encrypted: encryptField(TEST_KEY, row.bsb ?? "062000"),
      account_number_encrypted: encryptField(TEST_KEY, row.account ?? "12345678"),
      account_last4: (row.account ?? "12345678").slice(-4),
    },
  ]);
  return id!;
}

export type Seat = { cleanerId: string; checkedInAt?: string; checkedOutAt?: string };

/**
 * A job on `date` priced at `hours` for a crew of the seats' count, each seat accepted; completed
 * unless `completed` is false. Returns the quote's id.
 */
export async function addJob(
  db: Db,
  job: {
    date: string;
    hours: number;
    seats: Seat[];
    service?: ServiceType;
    suburb?: string;
    priceCents?: number;
    completed?: boolean;
  },
) {
  const quoteId = newId();
  const bookingId = newId();
  const at = `${job.date}T06:00:00.000Z`;
  const completed = job.completed !== false;
  const price = job.priceCents ?? job.hours * 5000;
  await db
    .insertInto("quotes")
    .values({
      id: quoteId,
      reference: newId(),
      client_name: "Test Client",
      client_email: "client@example.com",
      service_type: job.service ?? "residential",
      space_details: "{}",
      cleaning_level: "basic",
      estimated_hours: job.hours,
      cleaners_needed: job.seats.length,
      hourly_rate_cents: 5000,
      total_cents: price,
      status: completed ? "completed" : "assigned",
      lead_status: "booked",
      lead_source: "website",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto("bookings")
    .values({
      id: bookingId,
      reference: `HG-${newId().slice(0, 10).toUpperCase()}`,
      quote_id: quoteId,
      scheduled_date: job.date,
      time_slot: "09:00",
      address: "1 Test St",
      suburb: job.suburb ?? "Bondi",
      status: completed ? "completed" : "confirmed",
      price_cents: price,
      crew_size: job.seats.length,
      created_at: at,
      updated_at: at,
      completed_at: completed ? at : null,
    })
    .execute();
  await db
    .insertInto("assignments")
    .values(
      job.seats.map((seat, index) => ({
        id: newId(),
        quote_id: quoteId,
        booking_id: bookingId,
        cleaner_id: seat.cleanerId,
        scheduled_date: job.date,
        time_slot: "09:00",
        status: "accepted" as const,
        response_deadline: at,
        token_hash: newId(),
        responded_at: at,
        seat: index + 1,
        checked_in_at: seat.checkedInAt ?? null,
        checked_out_at: seat.checkedOutAt ?? null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return { quoteId, bookingId };
}
