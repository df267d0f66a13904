// The booking texts (docs/product/public-site.md#messages "Booking" and "Booking success",
// docs/product/public-site.md#validation-rules "Booking"): word for word where the spec gives
// them, plain and specific where it is silent.

export const BOOKING_MESSAGES = {
  dateRequired: "Please choose a date for your clean.",
  dateTooEarly: "Please choose a date from tomorrow onwards.",
  dateTooLate: "Please choose a date within the next 12 months.",
  timeRequired: "Please choose a time slot.",
  addressRequired: "Please enter the service address.",
  suburbRequired: "Please enter the suburb and postcode.",
  tooLong: "Please keep this shorter.",
  slotFull: "Sorry, that time slot is now fully booked. Please choose another time.",
  /** docs/product/public-site.md#messages "Booking": the fallback in the red box */
  failed: "Failed to create booking",
  /** docs/product/public-site.md#messages "Booking": malformed booking webhook data */
  invalidData: "Invalid booking data format",
  alreadyBooked: "This quote is already booked.",
  notBookable: "This quote cannot be booked online. Please call us and we will arrange it.",
  notFound: "We could not find that booking.",
  notYours: "This booking belongs to another customer.",
  tooLateToChange:
    "Bookings can be changed or cancelled free of charge up to 24 hours before the clean. Please call us.",
  alreadyCancelled: "This booking has already been cancelled.",
  notChangeable: "This booking can no longer be changed.",
  sameSlot: "The booking is already at that date and time.",
  // docs/decisions/0040-business-hours-bound-bookings.md: a clean starts and finishes inside opening hours.
  closedWeekday: (weekday: string) => `We are closed on ${weekday}s. Please choose another date.`,
  closedDate: (label: string) =>
    `We are closed on that date${label ? ` (${label})` : ""}. Please choose another date.`,
  mustStartBy: (onSite: string, latest: string, close: string) =>
    `This clean takes about ${onSite}, so it must start by ${latest} to finish by ${close}. Please choose an earlier time.`,
  opensAt: (open: string) => `We open at ${open} on that day. Please choose a later time.`,
  tooLongForDay: (onSite: string) =>
    `This clean takes about ${onSite}, longer than our opening hours on that day. Please choose another date or call us.`,
  datePassed: "That date has passed. Please choose today or a later date.",
  timePassed: "That time has already passed. Please choose a later time.",
} as const;

export const BOOKING_SUCCESS_TEXT = {
  notifying: "Notifying our team...",
  /** docs/product/public-site.md#messages "Booking success" (amber) */
  notifyFailed:
    "There was an issue notifying our team, but your booking is confirmed. We will contact you shortly.",
  viewBookings: "View My Bookings",
  payNow: "Pay now",
} as const;

/** docs/product/public-site.md#business-constants-and-limits: the policies the booking page states. */
export const BOOKING_POLICIES = [
  "Free cancellation up to 24 hours before your clean.",
  "You can change the date or time free of charge up to 24 hours before.",
  "We send your cleaner's details within 24 hours of the clean.",
  "100% satisfaction guarantee.",
] as const;
