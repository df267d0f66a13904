import type { Kysely } from "kysely";
import { assignCleaner } from "~/features/assignments/assignments.service.server";
import {
  bookTestQuote,
  MOSMAN_HOUSE,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import type { Database } from "~/server/database";

// Jobs for the cleaner app's tests, made the way staff make them: a booked quote, then an offer
// through Assign Cleaner, whose token is the emailed link's.

export const PUBLIC_URL = "https://harbour.example";

/** A booked job in Mosman offered to `cleanerId`; `n` keeps clients apart. */
export async function offerJob(
  db: Kysely<Database>,
  input: { n: number; cleanerId: string; date: string; timeSlot: string; now: Date },
) {
  const { quote, booking } = await bookTestQuote(
    db,
    testQuoteRequest(input.n, { ...MOSMAN_HOUSE, name: `Client ${input.n} Smith` }),
    {
      date: input.date,
      timeSlot: input.timeSlot,
      address: `${input.n} Military Road`,
      suburb: "Mosman",
    },
    { publicUrl: PUBLIC_URL, now: input.now },
  );
  const offered = await assignCleaner(
    db,
    {
      quoteId: quote.id,
      cleanerId: input.cleanerId,
      date: input.date,
      timeSlot: input.timeSlot as "09:00",
    },
    { actor: { type: "staff", id: "staff-1" }, publicUrl: PUBLIC_URL, now: input.now },
  );
  if (!offered.ok) throw new Error(offered.message);
  return {
    quoteId: quote.id,
    bookingId: booking.id,
    assignmentId: offered.assignmentId!,
    token: offered.token!,
  };
}
