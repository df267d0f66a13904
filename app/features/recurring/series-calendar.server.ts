import ical, { ICalCalendarMethod } from "ical-generator";
import { addHours } from "~/lib/sydney-time";

// docs/decisions/0073-series-occurrences-are-bookings.md: the customer's calendar entry for a
// series is one recurring event carrying the series' own RRULE. Its start is written as Sydney
// wall-clock time with TZID=Australia/Sydney, so 9:00 AM stays 9:00 AM across daylight saving
// (a UTC start would drift by an hour twice a year).

export type CalendarSeries = {
  id: string;
  rule: string;
  startsOn: string;
  timeSlot: string;
  hours: number;
  address: string;
  summary: string;
  business: { name: string; email: string };
};

export function seriesCalendar(series: CalendarSeries) {
  // The wall-clock time as if it were UTC: ical-generator writes these digits after the TZID.
  const start = new Date(`${series.startsOn}T${series.timeSlot}:00Z`);
  const calendar = ical({
    name: series.business.name,
    prodId: { company: series.business.name, product: "regular-cleans", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${series.id}@series`,
    start,
    end: addHours(start, Math.max(1, series.hours)),
    timezone: "Australia/Sydney",
    repeating: `RRULE:${series.rule}`,
    summary: series.summary,
    location: series.address,
    organizer: { name: series.business.name, email: series.business.email },
  });
  return {
    filename: "regular-clean.ics",
    contentType: "text/calendar; charset=utf-8",
    content: calendar.toString(),
  };
}
