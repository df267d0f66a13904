import type { Transaction } from "kysely";
import { takeCrew, type RosterCache } from "~/features/availability/availability.service.server";
import { releaseBookingHolds } from "~/features/availability/cleaner-holds.service.server";
import type { QuoteToBook } from "~/features/quote/quote-lifecycle.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { crewSizeOf } from "./booking-crew.server";
import { newBookingReference } from "./booking-reference";
import {
  findBookingById,
  insertBooking,
  updateBookingIf,
  type BookingRow,
} from "./bookings.repository.server";
import { cancelCleanerJobs } from "./cleaner-job-changes.server";
import { minutesOnSite } from "./slot-fit";

// docs/decisions/0073-series-occurrences-are-bookings.md: each visit of a recurring series is a
// booking of the series' own quote, made by the sweep (not by a visitor): it takes its crew like
// any booking (docs/decisions/0060-crews-and-cleaner-holds.md), with the customer's last cleaner
// ranked first, but a visit nobody can staff is still booked, with its open seats, for staff to
// solve. Leaving one visit out (skip) cancels its booking without moving the series' quote,
// which stays booked for the visits still to come.

/** Where and when one visit of a series happens, and what it costs. */
export type OccurrenceToBook = {
  quote: QuoteToBook;
  customerId: string;
  date: string;
  timeSlot: string;
  address: string;
  suburb: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
  priceCents: number;
};

/** The visit's booking, and the crew seats nobody could be held for (none when fully staffed). */
export type BookedOccurrence = { booking: BookingRow; openSeats: number[] };

/**
 * Books one visit inside the caller's transaction. Visits are charged after the clean
 * (docs/decisions/0072-plans-and-visit-prices.md), so they hold their slot without an unpaid
 * limit. The sweep hands in the roster it keeps for a page of series.
 */
export async function bookOccurrence(
  trx: Transaction<Database>,
  visit: OccurrenceToBook,
  business: Pick<BusinessProfile, "travelMinutes">,
  now: Date,
  roster?: RosterCache,
): Promise<BookedOccurrence> {
  const at = now.toISOString();
  const job = { hours: visit.quote.hours ?? 0, cleaners: visit.quote.cleaners };
  const row: BookingRow = {
    id: newId(),
    reference: newBookingReference(),
    quote_id: visit.quote.id,
    customer_id: visit.customerId,
    scheduled_date: visit.date,
    time_slot: visit.timeSlot,
    address: visit.address,
    suburb: visit.suburb,
    postcode: visit.postcode,
    lat: visit.lat,
    lng: visit.lng,
    status: "confirmed",
    price_cents: visit.priceCents,
    discount_cents: 0,
    created_at: at,
    updated_at: at,
    completed_at: null,
    cancelled_at: null,
    cancelled_by: null,
    hold_until: null,
    pay_on_the_day: 0,
    crew_size: crewSizeOf(job),
    actual_minutes: null,
    crew_set_off_at: null,
  };
  await insertBooking(trx, row);
  const crewSize = Number(row.crew_size);
  const taken = await takeCrew(trx, {
    bookingId: row.id,
    date: row.scheduled_date,
    slot: row.time_slot,
    minutesOnSite: minutesOnSite({ hours: job.hours, cleaners: crewSize }),
    bufferMinutes: business.travelMinutes,
    seats: Array.from({ length: crewSize }, (_, i) => i + 1),
    customerId: row.customer_id,
    jobPlace: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    now,
    roster,
  });
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: "system",
    actor_id: null,
    action: "booking.created",
    subject_type: "booking",
    subject_id: row.id,
    details: JSON.stringify({
      status: "confirmed",
      date: row.scheduled_date,
      timeSlot: row.time_slot,
      quoteId: visit.quote.id,
      series: true,
      openSeats: taken.open,
    }),
    ip: null,
    created_at: at,
  });
  return { booking: row, openSeats: taken.open };
}

/** Who left a visit out, as the audit log records them. */
export type OccurrenceActor =
  | { kind: "customer"; customerId: string }
  | { kind: "staff"; staffUserId: string }
  | { kind: "system" };

/**
 * Cancels one visit's booking inside the caller's transaction: a compare-and-set on a confirmed
 * booking, its crew's holds released and its cleaners' offers cancelled (they are told). False
 * when the booking is no longer confirmed (done, or cancelled meanwhile).
 */
export async function cancelOccurrenceBooking(
  trx: Transaction<Database>,
  input: {
    bookingId: string;
    quote: { id: string; hours: number };
    actor: OccurrenceActor;
    business: BusinessProfile;
    publicUrl: string;
    now: Date;
  },
) {
  const row = await findBookingById(trx, input.bookingId);
  if (!row || row.status !== "confirmed") return false;
  const at = input.now.toISOString();
  const by = input.actor.kind;
  const changed = await updateBookingIf(
    trx,
    row.id,
    { status: "confirmed", scheduledDate: row.scheduled_date, timeSlot: row.time_slot },
    { status: "cancelled", cancelled_at: at, cancelled_by: by, updated_at: at },
  );
  if (!changed) return false;
  await releaseBookingHolds(trx, row.id, input.now);
  const auditActor = auditActorOf(input.actor);
  const cancelled: BookingRow = { ...row, status: "cancelled", cancelled_at: at, updated_at: at };
  await cancelCleanerJobs(trx, {
    booking: cancelled,
    quote: input.quote,
    actor: auditActor,
    business: input.business,
    publicUrl: input.publicUrl,
    now: input.now,
  });
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: auditActor.type,
    actor_id: auditActor.id,
    action: "booking.cancelled",
    subject_type: "booking",
    subject_id: row.id,
    details: JSON.stringify({ from: "confirmed", to: "cancelled", series: true }),
    ip: null,
    created_at: at,
  });
  return true;
}

function auditActorOf(actor: OccurrenceActor) {
  if (actor.kind === "customer") return { type: "customer" as const, id: actor.customerId };
  if (actor.kind === "staff") return { type: "staff" as const, id: actor.staffUserId };
  return { type: "system" as const, id: null };
}
