import type { Kysely } from "kysely";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { findLiveAssignmentsOf, findScheduledBookings } from "./schedule.repository.server";
import {
  scheduleDays,
  SERVICE_NAMES,
  WEEK_JOBS_PER_SLOT,
  type Schedule,
  type ScheduleJob,
  type ScheduleView,
} from "./schedule";
import { staffingLabel } from "~/features/assignments/assignments";
import { seatVisitOf } from "~/features/job-visits/job-visits";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";

/**
 * The bookings of a day or a week by time slot (docs/product/bookings.md#bookings, "Schedule"): each job with its suburb,
 * service, hours, cleaner (an accepted offer before a pending one) and payment, and how many jobs
 * each slot has. There is no fixed capacity per slot: a slot takes a booking while a whole crew
 * is free (docs/decisions/0060-crews-and-cleaner-holds.md).
 */
export async function getSchedule(
  db: Kysely<Database>,
  input: { view: ScheduleView; date: string; now: Date },
): Promise<Schedule> {
  const dates = scheduleDays(input.view, input.date);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const perSlot = input.view === "week" ? WEEK_JOBS_PER_SLOT : undefined;
  const bookings = await findScheduledBookings(db, { from, to, perSlot });
  const offers = await findLiveAssignmentsOf(
    db,
    bookings.map((b) => b.id),
  );
  const bookedIn = new Map(
    bookings.map((b) => [`${b.scheduled_date} ${b.time_slot}`, Number(b.slot_jobs)]),
  );

  // Newest first from the query: the first seen is the one that counts.
  const offerOf = new Map<string, (typeof offers)[number]>();
  const acceptedOf = new Map<string, string[]>();
  const seatsOf = new Map<string, ScheduleJob["seats"]>();
  for (const offer of offers) {
    // A seat's check-ins are of the visit the offer names: another visit of the same regular
    // clean shares the offer, not its arrival and departure.
    if (offer.booking_id === null || offer.booking_id === offer.for_booking_id) {
      const visit = seatVisitOf({ ...offer, problems: Number(offer.problems ?? 0) });
      const seats = seatsOf.get(offer.for_booking_id) ?? [];
      seats.push({
        seat: offer.seat,
        cleaner: offer.cleaner_name,
        label: visit.label,
        times: visit.times,
      });
      seatsOf.set(offer.for_booking_id, seats);
    }
    const seen = offerOf.get(offer.for_booking_id);
    if (!seen || (seen.status !== "accepted" && offer.status === "accepted")) {
      offerOf.set(offer.for_booking_id, offer);
    }
    if (offer.status === "accepted") {
      const names = acceptedOf.get(offer.for_booking_id) ?? [];
      if (!names.includes(offer.cleaner_name)) names.unshift(offer.cleaner_name);
      acceptedOf.set(offer.for_booking_id, names);
    }
  }
  const jobsAt = new Map<string, ScheduleJob[]>();
  for (const b of bookings) {
    const offer = offerOf.get(b.id);
    const accepted = acceptedOf.get(b.id) ?? [];
    const key = `${b.scheduled_date} ${b.time_slot}`;
    const list = jobsAt.get(key) ?? [];
    list.push({
      bookingId: b.id,
      quoteId: b.quote_id,
      reference: b.reference,
      suburb: b.suburb || "Suburb not given",
      service: SERVICE_NAMES[b.service_type] ?? b.service_type,
      hours: b.estimated_hours,
      // A crew names everyone who accepted; the first offer waiting shows until one has.
      cleaner: accepted.length > 0 ? accepted.join(", ") : (offer?.cleaner_name ?? null),
      cleanerPending: accepted.length === 0 && offer?.status === "pending",
      staffing: b.crew_size > 1 ? staffingLabel(accepted.length, b.crew_size) : null,
      staffed: accepted.length >= b.crew_size,
      seats: (seatsOf.get(b.id) ?? []).sort((x, y) => x.seat - y.seat),
      payment: b.payment_status ?? "none",
      status: b.status,
    });
    jobsAt.set(key, list);
  }

  const days = dates.map((date) => {
    // The fixed slots, plus any a booking holds outside them (an older slot list), in order.
    const extra = [...jobsAt.keys()]
      .filter((key) => key.startsWith(`${date} `))
      .map((key) => key.slice(11))
      .filter((slot) => !(TIME_SLOTS as readonly string[]).includes(slot));
    const slots = [...TIME_SLOTS, ...extra].sort().map((slot) => {
      const key = `${date} ${slot}`;
      const jobs = jobsAt.get(key) ?? [];
      const booked = bookedIn.get(key) ?? 0;
      return { slot, booked, jobs, more: booked - jobs.length };
    });
    return { date, slots, jobs: slots.reduce((sum, s) => sum + s.booked, 0) };
  });

  return { view: input.view, date: input.date, today: sydneyDate(input.now), days };
}
