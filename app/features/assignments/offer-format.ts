import { formatBookingDate, formatTimeSlot } from "~/features/bookings/booking-slots";

// How a job offer reads, in the emails and on the cleaner's page. Client-safe and pure.

const SYDNEY_STAMP = new Intl.DateTimeFormat("en-AU", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Australia/Sydney",
});

/** "Thu 3 Dec, 9:00 pm" for an ISO instant, in Sydney. */
export function sydneyStamp(iso: string) {
  return SYDNEY_STAMP.format(new Date(iso));
}

export function offerDate(date: string) {
  return formatBookingDate(date);
}

export function offerTime(slot: string) {
  return formatTimeSlot(slot);
}

export function dollars(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The minutes after midnight a "HH:MM" slot starts. */
export function slotMinutes(slot: string) {
  const [hour, minute] = slot.split(":").map(Number) as [number, number];
  return hour * 60 + minute;
}

/** Whether two jobs on one day overlap: [start, start + hours) intervals. */
export function jobsOverlap(
  a: { slot: string; hours: number },
  b: { slot: string; hours: number },
) {
  const aStart = slotMinutes(a.slot);
  const bStart = slotMinutes(b.slot);
  return aStart < bStart + b.hours * 60 && bStart < aStart + a.hours * 60;
}

/**
 * The suburb of a job and nothing more (the offer page shows no address before acceptance):
 * the booking's suburb, else the last part of the address the client gave, else "Sydney".
 */
export function jobSuburb(suburb: string | null, address: unknown) {
  if (suburb && suburb.trim()) return suburb.trim();
  if (typeof address === "string" && address.trim()) {
    const parts = address.split(",").map((part) => part.trim());
    const last = parts[parts.length - 1];
    if (last && !/\d+\s+\w+\s+(st|street|rd|road|ave|avenue)\b/i.test(last)) return last;
  }
  return "Sydney";
}

/** "Mei" from "Mei Lin Chen": the client learns the cleaner's first name only. */
export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}
