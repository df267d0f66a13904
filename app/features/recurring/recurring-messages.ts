// What customers and staff read about their series (docs/decisions/0073-series-occurrences-are-bookings.md).
// The 24-hour wording is the booking's own (app/features/bookings/booking-messages.ts).

export const SERIES_MESSAGES = {
  notFound: "We could not find that regular clean.",
  visitNotFound: "We could not find that visit.",
  cancelled: "This regular clean has been cancelled.",
  visitNotBooked: "This visit is not booked, so there is nothing to skip.",
  tooLateToChange:
    "Visits can be changed or skipped free of charge up to 24 hours before the clean. Please call us.",
  frequencyRequired: "Please choose how often.",
  startRequired: "Please choose the date of the first visit with the new details.",
  startTooEarly: "Please choose a date from tomorrow onwards.",
  dateRequired: "Please choose the new date of the visit.",
  pauseUntilRequired: "Please choose the date to start again.",
  pauseUntilTooEarly: "Please choose a date after tomorrow.",
  changedMeanwhile: "This regular clean was changed meanwhile. Please look at it again.",
  notRepeatable: "This quote cannot be booked as a regular clean online. Please call us.",
  // What a staff alert says of a visit nobody could be held for.
  unstaffedHeading: "A regular visit has no full crew",
} as const;

/** What a series' status reads as, for the customer and staff. */
export function seriesStatusLabel(
  status: string,
  pausedUntil: string | null,
  longDate: (d: string) => string,
) {
  if (status === "cancelled") return "Cancelled";
  if (status === "paused" && pausedUntil) return `Paused until ${longDate(pausedUntil)}`;
  return "Active";
}
