// The busy year the dispatch benchmarks read (npm run bench:dispatch): 200 cleaners (a few
// offline or suspended), 20,000 confirmed jobs over the 52 weeks from today with crews of 1 to 5,
// each seat held by a cleaner free at that time (as a booking takes its crew), most holds offered
// and mostly accepted, a tenth of the seats left open, and 600 spells of time off. Holds never
// overlap for a cleaner, so PostgreSQL's exclusion constraint accepts them as it would the app's.
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { holdSpan } from "~/features/availability/hold-span";
import { createRandom } from "~/features/demo-data/random";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { CleanerStatus } from "~/server/database";
import type { AppDatabase } from "~/server/db.server";

export const DISPATCH_COUNTS = { cleaners: 200, jobs: 20_000, timeOff: 600, days: 364 };
const TRAVEL_MINUTES = 30;
const EVERY_DAY = '["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]';
const SUBURBS = ["Bondi", "Manly", "Mosman", "Newtown", "Parramatta", "Chatswood", "Coogee"];

type Random = ReturnType<typeof createRandom>;

/** Rows in slices of 400, one insert each (PostgreSQL's parameter limit allows 65,535). */
function* batches<Row>(rows: Row[]) {
  for (let i = 0; i < rows.length; i += 400) yield rows.slice(i, i + 400);
}

function statusOf(i: number): CleanerStatus {
  return i % 40 === 0 ? "suspended" : i % 25 === 0 ? "offline" : "available";
}

function cleanerRows(at: string) {
  return Array.from({ length: DISPATCH_COUNTS.cleaners }, (_, i) => ({
    id: `bench-cleaner-${i}`,
    name: `Cleaner ${String(i).padStart(3, "0")}`,
    email: `cleaner-${i}@bench.example`,
    phone: "0491 570 157",
    services: '["Residential"]',
    availability: EVERY_DAY,
    languages: '["English"]',
    specialties: "[]",
    status: statusOf(i),
    rating: 4 + (i % 10) / 10,
    active_bookings: 0,
    completed_jobs: 0,
    has_abn: 0,
    has_transport: 0,
    source: "admin" as const,
    location: SUBURBS[i % SUBURBS.length]!,
    police_check_expires_on: "2099-12-31",
    created_at: at,
    updated_at: at,
  }));
}

/** The crews of a day, seat by seat: a cleaner free from the job's start, as a booking picks. */
class DayRoster {
  private freeFrom = new Map<string, number>();
  constructor(
    private readonly random: Random,
    private readonly working: string[],
  ) {}

  /** Up to `seats` distinct cleaners free at `start`, each then blocked until `until`. */
  take(seats: number, start: number, until: number) {
    const free = this.working.filter((id) => (this.freeFrom.get(id) ?? 0) <= start);
    const crew: string[] = [];
    while (crew.length < seats && free.length > 0) {
      const [id] = free.splice(this.random.int(0, free.length - 1), 1);
      crew.push(id!);
      this.freeFrom.set(id!, until);
    }
    return crew;
  }
}

/** One day's jobs: leads, bookings, offers and holds, the crews picked slot by slot. */
function dayRows(
  random: Random,
  input: { date: string; first: number; count: number; at: string },
) {
  const working = Array.from({ length: DISPATCH_COUNTS.cleaners }, (_, i) => i)
    .filter((i) => statusOf(i) === "available")
    .map((i) => `bench-cleaner-${i}`);
  const roster = new DayRoster(random, working);
  const slots = Array.from({ length: input.count }, () => random.pick(TIME_SLOTS)).sort();
  const rows = {
    quotes: [] as object[],
    bookings: [] as object[],
    offers: [] as object[],
    holds: [] as object[],
  };
  slots.forEach((slot, k) => {
    const i = input.first + k;
    const crew = random.int(1, 5);
    const hoursEach = random.int(2, 4);
    const span = holdSpan({
      date: input.date,
      slot,
      minutesOnSite: hoursEach * 60,
      bufferMinutes: TRAVEL_MINUTES,
    });
    const quoteId = `bench-quote-${i}`;
    const bookingId = `bench-booking-${i}`;
    rows.quotes.push(
      quoteRow(i, { crew, hours: crew * hoursEach, date: input.date, at: input.at }),
    );
    rows.bookings.push({
      id: bookingId,
      reference: `BK-B${String(i).padStart(7, "0")}`,
      quote_id: quoteId,
      customer_id: null,
      scheduled_date: input.date,
      time_slot: slot,
      address: `${i} Main Road`,
      suburb: random.pick(SUBURBS),
      postcode: "2000",
      lat: null,
      lng: null,
      status: "confirmed" as const,
      price_cents: 5000 * crew * hoursEach,
      discount_cents: 0,
      created_at: input.at,
      updated_at: input.at,
      completed_at: null,
      cancelled_at: null,
      cancelled_by: null,
      hold_until: null,
      pay_on_the_day: 0,
      crew_size: crew,
    });
    const filled = crew - (random.chance(0.1) ? 1 : 0);
    roster.take(filled, span.startsMinute, span.blockedUntilMinute).forEach((cleanerId, s) => {
      const seat = { bookingId, quoteId, cleanerId, seat: s + 1, date: input.date, slot };
      const { offer, hold } = seatRows(random, seat, span, input.at);
      if (offer) rows.offers.push(offer);
      rows.holds.push(hold);
    });
  });
  return rows;
}

/** A held seat's hold, and the offer it became (nine in ten, four in five of those accepted). */
function seatRows(
  random: Random,
  seat: {
    bookingId: string;
    quoteId: string;
    cleanerId: string;
    seat: number;
    date: string;
    slot: string;
  },
  span: { startsMinute: number; blockedUntilMinute: number },
  at: string,
) {
  const offerId = random.chance(0.9) ? `${seat.bookingId}-offer-${seat.seat}` : null;
  const offer = offerId && {
    id: offerId,
    quote_id: seat.quoteId,
    booking_id: seat.bookingId,
    cleaner_id: seat.cleanerId,
    scheduled_date: seat.date,
    time_slot: seat.slot,
    status: random.chance(0.8) ? ("accepted" as const) : ("pending" as const),
    response_deadline: at,
    token_hash: offerId,
    responded_at: null,
    previous_quote_status: null,
    seat: seat.seat,
    created_by: null,
    created_at: at,
    updated_at: at,
  };
  const hold = {
    id: `${seat.bookingId}-hold-${seat.seat}`,
    cleaner_id: seat.cleanerId,
    booking_id: seat.bookingId,
    seat: seat.seat,
    starts_minute: span.startsMinute,
    blocked_until_minute: span.blockedUntilMinute,
    assignment_id: offerId,
    created_at: at,
    released_at: null,
  };
  return { offer, hold };
}

function quoteRow(i: number, job: { crew: number; hours: number; date: string; at: string }) {
  return {
    id: `bench-quote-${i}`,
    reference: `HG-B${String(i).padStart(7, "0")}`,
    client_name: `Client ${i}`,
    client_email: `client-${i}@bench.example`,
    client_phone: null,
    customer_id: null,
    service_type: "residential" as const,
    space_details: '{"type":"house","bedrooms":3,"bathrooms":2}',
    cleaning_level: "deep" as const,
    estimated_hours: job.hours,
    cleaners_needed: job.crew,
    hourly_rate_cents: 5000,
    total_cents: 5000 * job.hours,
    status: "pending_payment" as const,
    lead_status: "booked" as const,
    scheduled_date: job.date,
    notes: null,
    preferred_cleaner_id: null,
    created_at: job.at,
    updated_at: job.at,
    deleted_at: null,
    staff_notes: null,
  };
}

function timeOffRows(random: Random, today: string, at: string) {
  return Array.from({ length: DISPATCH_COUNTS.timeOff }, (_, i) => {
    const starts = addDays(today, random.int(0, 360));
    return {
      id: `bench-off-${i}`,
      cleaner_id: `bench-cleaner-${random.int(0, DISPATCH_COUNTS.cleaners - 1)}`,
      starts_on: starts,
      ends_on: addDays(starts, random.int(0, 6)),
      created_by: null,
      created_at: at,
    };
  });
}

/** Seeds the year from tomorrow; answers how many offers and holds it holds. */
export async function seedDispatchYear(database: AppDatabase, now: Date) {
  const { db } = database;
  const random = createRandom(20261126);
  const at = now.toISOString();
  const today = sydneyDate(now);
  for (const batch of batches(cleanerRows(at))) {
    await db.insertInto("cleaners").values(batch).execute();
  }
  const perDay = DISPATCH_COUNTS.jobs / DISPATCH_COUNTS.days;
  const all = { quotes: [] as object[], bookings: [] as object[], offers: [] as object[] };
  const holds: object[] = [];
  for (let d = 0; d < DISPATCH_COUNTS.days; d++) {
    const first = Math.round(d * perDay);
    const count = Math.round((d + 1) * perDay) - first;
    const rows = dayRows(random, { date: addDays(today, d + 1), first, count, at });
    all.quotes.push(...rows.quotes);
    all.bookings.push(...rows.bookings);
    all.offers.push(...rows.offers);
    holds.push(...rows.holds);
  }
  // Typed loosely above (rows of four tables); the column names are the tables' own.
  const insert = async (
    table: "quotes" | "bookings" | "assignments" | "cleaner_holds",
    rows: object[],
  ) => {
    for (const batch of batches(rows))
      await db
        .insertInto(table)
        .values(batch as never)
        .execute();
  };
  await insert("quotes", all.quotes);
  await insert("bookings", all.bookings);
  await insert("assignments", all.offers);
  await insert("cleaner_holds", holds);
  for (const batch of batches(timeOffRows(random, today, at))) {
    await db.insertInto("cleaner_time_off").values(batch).execute();
  }
  return { offers: all.offers.length, holds: holds.length };
}
