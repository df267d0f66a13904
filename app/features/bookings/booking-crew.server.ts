import type { Kysely, Transaction } from "kysely";
import {
  crewAvailability,
  findBookingHolds,
  takeCrew,
  type CrewTaken,
} from "~/features/availability/availability.service.server";
import { releaseBookingHolds } from "~/features/availability/cleaner-holds.service.server";
import type { BusinessHours } from "./slot-fit";
import type { Database } from "~/server/database";
import { addDays } from "~/lib/sydney-time";
import { isBookableDate } from "./booking-rules";
import type { BookingRow } from "./bookings.repository.server";
import { SlotFull } from "./booking-model.server";
import { minutesOnSite, slotsWithinHours, type JobLength } from "./slot-fit";

// docs/decisions/0060-crews-and-cleaner-holds.md: a slot is offered only when a whole crew of the
// job's size is free for its time on site, and a booking holds that crew in its own transaction.
// The fixed capacity per slot (and its booking_slot_counts) is no longer read.

/** What the crew rules read of the business: its hours and the travel time between jobs. */
export type CrewBusiness = BusinessHours & { travelMinutes: number };

/** A job's crew: the cleaners its estimate gives, at least one. */
export function crewSizeOf(job: JobLength) {
  return Math.max(1, job.cleaners ?? 1);
}

function seatsOf(crewSize: number) {
  return Array.from({ length: crewSize }, (_, i) => i + 1);
}

/** The dates and slots that fit the job, each with whether a whole crew is free for it. */
export async function crewSlots(
  db: Kysely<Database>,
  input: { dates: readonly string[]; job: JobLength; business: CrewBusiness; now: Date },
) {
  const { job, business } = input;
  return crewAvailability(db, {
    dates: input.dates,
    slotsOn: (date) => slotsWithinHours(date, job, business),
    minutesOnSite: minutesOnSite(job),
    bufferMinutes: business.travelMinutes,
    crewSize: crewSizeOf(job),
    now: input.now,
  });
}

/** The customer-bookable dates of `month` (YYYY-MM) on which no slot has a whole crew free. */
export async function daysWithoutRoom(
  db: Kysely<Database>,
  input: { month: string; job: JobLength; business: CrewBusiness; now: Date },
) {
  const dates: string[] = [];
  for (let date = `${input.month}-01`; date.startsWith(input.month); date = addDays(date, 1)) {
    if (isBookableDate(date, input.now)) dates.push(date);
  }
  const days = await crewSlots(db, { ...input, dates });
  return days.filter((day) => !day.slots.some((slot) => slot.crewFree)).map((day) => day.date);
}

function crewRequest(row: BookingRow, job: JobLength, business: CrewBusiness, now: Date) {
  return {
    bookingId: row.id,
    date: row.scheduled_date,
    slot: row.time_slot,
    // The booking's own crew, which staff may have changed since the quote's estimate.
    minutesOnSite: minutesOnSite({ hours: job.hours, cleaners: Number(row.crew_size) }),
    bufferMinutes: business.travelMinutes,
    customerId: row.customer_id,
    jobPlace:
      row.lat === null || row.lng === null ? null : { lat: Number(row.lat), lng: Number(row.lng) },
    now,
  };
}

/**
 * Holds a whole crew for a new booking (already inserted, inside its transaction); throws
 * SlotFull, rolling the booking back, when the crew cannot be filled.
 */
export async function takeBookingCrew(
  trx: Transaction<Database>,
  row: BookingRow,
  job: JobLength,
  business: CrewBusiness,
  now: Date,
) {
  const request = crewRequest(row, job, business, now);
  const taken = await takeCrew(trx, { ...request, seats: seatsOf(Number(row.crew_size)) });
  if (taken.open.length > 0) throw new SlotFull();
  return taken;
}

/**
 * Moves a booking's holds to its new time, inside the reschedule's transaction: each seat keeps
 * its cleaner when they are free then, else another free cleaner takes it, except that a seat
 * already offered to a cleaner is kept only by them and otherwise left open (the offer's own
 * rules tell the cleaner of the move). Like a booking, the move needs a whole crew free at the
 * new time: SlotFull otherwise, for customers and staff alike.
 */
export async function moveBookingCrew(
  trx: Transaction<Database>,
  input: {
    moved: BookingRow;
    job: JobLength;
    business: CrewBusiness;
    now: Date;
  },
): Promise<CrewTaken> {
  const { moved, job, business, now } = input;
  const before = await findBookingHolds(trx, moved.id);
  await releaseBookingHolds(trx, moved.id, now);
  const previous = new Map(
    before.map((hold) => [
      hold.seat,
      { cleanerId: hold.cleaner_id, assignmentId: hold.assignment_id },
    ]),
  );
  const offeredSeats = new Set(before.filter((h) => h.assignment_id).map((h) => h.seat));
  const crewSize = Number(moved.crew_size);
  const taken = await takeCrew(trx, {
    ...crewRequest(moved, job, business, now),
    seats: seatsOf(crewSize),
    previous,
    offeredSeats,
  });
  if (taken.freeCount < crewSize) throw new SlotFull();
  return taken;
}
