import type { Kysely } from "kysely";
import { loadCleanerCalendars } from "~/features/availability/availability.service.server";
import { freeCleaners } from "~/features/availability/free-cleaners";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import type { QuoteRequestInput } from "~/features/quote/quote.schema";
import { createQuote } from "~/features/quote/quote.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { newId } from "~/lib/ids";
import { addDays, sydneyDate, weekdayOf } from "~/lib/sydney-time";
import type { AssignmentStatus, Database, QuoteStatus } from "~/server/database";
import { createBooking } from "./bookings.service.server";
import { crewSizeOf } from "./booking-crew.server";
import { minutesOnSite, type JobLength } from "./slot-fit";

// The website quote request that tests book from, and the offer of its job to a cleaner: the
// bookings' own tests and other features' tests that need a booked lead (offers, staff actions).

/** The house in Mosman, a basic clean: what the reschedule and offer tests book. */
export const MOSMAN_HOUSE: Pick<QuoteRequestInput, "spaceDetails" | "cleaningLevel"> = {
  spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2, address: "Mosman NSW 2088" },
  cleaningLevel: "basic",
};

/**
 * Client `n`'s request ("Client n", clientn@example.com): a 2-bedroom apartment in Bondi, a deep
 * clean, photos waived; `overrides` replace whole fields, `name` the client's name.
 */
export function testQuoteRequest(
  n: number,
  { name = `Client ${n}`, ...overrides }: Partial<QuoteRequestInput> & { name?: string } = {},
): QuoteRequestInput {
  return {
    serviceType: "residential",
    spaceDetails: { type: "apartment", bedrooms: 2, bathrooms: 1, address: "Bondi NSW 2026" },
    cleaningLevel: "deep",
    preferences: { timePreference: "morning" },
    conditions: { dirtLevel: "normal" },
    images: [],
    photosWaived: true,
    leadInfo: { name, email: `client${n}@example.com`, phone: "0412 345 678" },
    ...overrides,
  };
}

/**
 * Cleaners added for tests to be booked (docs/decisions/0060-crews-and-cleaner-holds.md): they
 * work every day at any hours with a check far ahead, and are rated 5, so a booking picks them
 * before any cleaner a test adds for itself (rated 0).
 */
export const TEST_CREW_PREFIX = "test-crew-";

/** Adds `count` more test crew cleaners ("Crew Member 1", ...); returns their ids. */
export async function addTestCrew(db: Kysely<Database>, count: number) {
  const existing = await db
    .selectFrom("cleaners")
    .select("id")
    .where("id", "like", `${TEST_CREW_PREFIX}%`)
    .execute();
  const rows = Array.from({ length: count }, (_, i) => {
    const n = existing.length + i + 1;
    return { id: `${TEST_CREW_PREFIX}${n}`, name: `Crew Member ${n}`, rating: 5 };
  });
  return rows.length > 0 ? insertCleaners(db, rows) : [];
}

/**
 * Adds test crew cleaners until a whole crew of the job's size of them is free at (date, slot):
 * a test's own cleaners are left for the test (the crew, rated higher, is picked first).
 */
export async function ensureTestCrewFree(
  db: Kysely<Database>,
  when: { date: string; timeSlot: string },
  job: JobLength,
  now: Date,
) {
  const business = await getBusinessProfile(db);
  const cleaners = await loadCleanerCalendars(db, { from: when.date, to: when.date });
  const free = freeCleaners(
    cleaners,
    {
      date: when.date,
      slot: when.timeSlot,
      minutesOnSite: minutesOnSite(job),
      bufferMinutes: business.travelMinutes,
    },
    sydneyDate(now),
  );
  const crewFree = free.filter((cleaner) => cleaner.id.startsWith(TEST_CREW_PREFIX)).length;
  await addTestCrew(db, Math.max(0, crewSizeOf(job) - crewFree));
}

/**
 * A quote made from `request` and booked for `slot`, both as of `ctx.now`, with test crew
 * cleaners added when too few are free; throws if refused.
 */
export async function bookTestQuote(
  db: Kysely<Database>,
  request: QuoteRequestInput,
  slot: { date: string; timeSlot: string; address: string; suburb: string },
  ctx: { publicUrl: string; now: Date },
) {
  const quote = await createQuote(db, request, ctx);
  if (!quote.ok) throw new Error(quote.message);
  const { hours, cleaners } = quote.quote;
  await ensureTestCrewFree(db, slot, { hours, cleaners }, ctx.now);
  const booked = await createBooking(db, { quoteReference: quote.quote.reference, ...slot }, ctx);
  if (!booked.ok) throw new Error(booked.message);
  return { quote: quote.quote, booking: booked.booking };
}

/**
 * `date`, or the Monday after when it falls on a weekend: tests that date a job from the real
 * clock book on a day the default opening hours keep open from 7am to 6pm (Saturday closes at
 * 4pm, Sunday is closed), whatever day they run.
 */
export function openDayFrom(date: string) {
  const weekday = weekdayOf(date);
  if (weekday === "Saturday") return addDays(date, 2);
  return weekday === "Sunday" ? addDays(date, 1) : date;
}

/** The job an offer is for: a booking (its id, quote, date and slot), or a quote not yet booked. */
type OfferedJob = { id?: string; quoteId: string; date: string; timeSlot: string };

/**
 * An offer of `job` to a cleaner, stored as the assignments feature stores one: pending unless
 * `status` says otherwise (an answered one was answered `at`), due back by `deadline` (`at` when
 * not given). Answers the offer's id.
 */
export async function insertTestOffer(
  db: Kysely<Database>,
  offer: {
    job: OfferedJob;
    cleanerId: string;
    at: string;
    status?: AssignmentStatus;
    deadline?: string;
    previousQuoteStatus?: QuoteStatus;
  },
) {
  const { job, status = "pending", at } = offer;
  const id = newId();
  await db
    .insertInto("assignments")
    .values({
      id,
      quote_id: job.quoteId,
      booking_id: job.id ?? null,
      cleaner_id: offer.cleanerId,
      scheduled_date: job.date,
      time_slot: job.timeSlot,
      status,
      response_deadline: offer.deadline ?? at,
      token_hash: newId(),
      responded_at: status === "pending" ? null : at,
      previous_quote_status: offer.previousQuoteStatus ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
