import { randomBytes, randomUUID } from "node:crypto";
import Database from "better-sqlite3";

// Booked quotes written straight into a running server's SQLite file (browser tests, process
// tests, the payment benchmark): a quote that was booked (docs/decisions/0027-lead-lifecycle.md: pending_payment, qualified)
// and its confirmed booking, 9 hours at $50 = $450. The bookings feature makes them in the product.

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** An unguessable-looking reference, "BK-7KQ4M2XP9T". */
export function randomReference(prefix = "BK") {
  const bytes = randomBytes(10);
  return `${prefix}-${Array.from(bytes, (byte) => ALPHABET[byte % 32]).join("")}`;
}

export type BookedQuote = { reference: string; bookingId: string; quoteId: string };

/** Writes `count` booked quotes with their bookings in one transaction. */
export function insertBookedQuotes(databaseFile: string, count = 1): BookedQuote[] {
  const db = new Database(databaseFile);
  const at = new Date().toISOString();
  const quote = db.prepare(
    `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
      space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
      total_cents, status, lead_status, lead_source, created_at, updated_at)
     values (?, ?, 'Mia Payne', 'mia@example.com', '0412 345 678', 'residential',
      '{"type":"house","bedrooms":3,"bathrooms":2}', 'deep', 9, 2, 5000, 45000,
      'pending_payment', 'qualified', 'website', ?, ?)`,
  );
  const booking = db.prepare(
    `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
      postcode, status, price_cents, created_at, updated_at)
     values (?, ?, ?, '2030-03-14', '09:00', '12 Raglan St, Mosman NSW 2088', 'Mosman', '2088',
      'confirmed', 45000, ?, ?)`,
  );
  const made: BookedQuote[] = [];
  try {
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const row = {
          reference: randomReference(),
          bookingId: randomUUID(),
          quoteId: randomUUID(),
        };
        quote.run(row.quoteId, randomReference("HG"), at, at);
        booking.run(row.bookingId, row.reference, row.quoteId, at, at);
        made.push(row);
      }
    })();
  } finally {
    db.close();
  }
  return made;
}
