import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { addHours, sydneyInstant } from "~/lib/sydney-time";

// The .ics invite attached to booking emails (docs/decisions/0017-outbound-email.md). The event's
// UID is the booking's reference, so a reschedule or a cancellation updates the same calendar
// entry (a higher SEQUENCE) instead of adding another. A cleaner's job invite passes a UID of its
// own (the offer's), so their entry and the client's never collide
// (docs/decisions/0041-cleaners-hear-of-job-changes.md).

export type CalendarBooking = {
  reference: string;
  date: string;
  timeSlot: string;
  /** The visit's length on site, in hours */
  hours: number;
  summary: string;
  description: string;
  address: string;
  url?: string;
  business: { name: string; email: string };
  /** 0 for a new booking, then one more per change */
  sequence: number;
  cancelled?: boolean;
  /** Not yet agreed (a job offered to a cleaner and still waiting for their answer) */
  tentative?: boolean;
  /** The event's UID; the booking's reference `@bookings` when not given */
  uid?: string;
  /** The attachment's name; booking.ics when not given */
  filename?: string;
};

function eventStatus(booking: CalendarBooking) {
  if (booking.cancelled) return ICalEventStatus.CANCELLED;
  return booking.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
}

export function bookingCalendar(booking: CalendarBooking) {
  const start = sydneyInstant(booking.date, booking.timeSlot);
  const calendar = ical({
    name: booking.business.name,
    prodId: { company: booking.business.name, product: "bookings", language: "EN" },
    method: booking.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: booking.uid ?? `${booking.reference}@bookings`,
    sequence: booking.sequence,
    start,
    end: addHours(start, Math.max(1, booking.hours)),
    summary: booking.summary,
    description: booking.description,
    location: booking.address,
    url: booking.url,
    organizer: { name: booking.business.name, email: booking.business.email },
    status: eventStatus(booking),
  });
  return {
    filename: booking.filename ?? "booking.ics",
    contentType: `text/calendar; charset=utf-8; method=${booking.cancelled ? "CANCEL" : "PUBLISH"}`,
    content: calendar.toString(),
  };
}
