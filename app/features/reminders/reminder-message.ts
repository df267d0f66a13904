import { renderEmail, type RenderedEmail } from "~/features/outbox/email/render-email";
import { serviceLabel } from "~/features/bookings/booking-copy";
import { FREE_CHANGE_HOURS, isFreeChangeWindow } from "~/features/bookings/booking-rules";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { formatDateTime, formatLongDate, formatShortDate, formatTimeSlot } from "~/lib/format";
import { sydneyInstant } from "~/lib/sydney-time";
import type { BookingToRemind } from "./reminders.repository.server";

// The words of a reminder (docs/decisions/0075-reminders-once-per-booked-time.md): the email, and
// the text that goes beside it to a customer who asked for texts. Pure, so it is tested alone.

export const REMINDER_SUBJECT = "Your clean is coming up";

/** "Mei", "Mei and Sam", "Mei, Sam and Ana" */
export function listNames(names: string[]) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export type ReminderMessage = { subject: string; email: RenderedEmail; sms: string };

export function reminderMessage(
  booking: BookingToRemind,
  crew: string[],
  business: BusinessProfile,
  publicUrl: string,
  now: Date,
): ReminderMessage {
  const url = `${publicUrl}/bookings?ref=${encodeURIComponent(booking.reference)}`;
  const when = `${formatLongDate(booking.scheduledDate)} at ${formatTimeSlot(booking.timeSlot)}`;
  const service = serviceLabel(booking.serviceType, booking.cleaningLevel);
  // The 24-hour rule (docs/product/public-site.md#my-bookings): the links offer a change only
  // while one is still free; after that the customer is asked to call.
  const canChange = isFreeChangeWindow(booking.scheduledDate, booking.timeSlot, now);
  const deadline = formatDateTime(
    new Date(
      sydneyInstant(booking.scheduledDate, booking.timeSlot).getTime() -
        FREE_CHANGE_HOURS * 60 * 60 * 1000,
    ),
  );
  const crewLine =
    crew.length > 0
      ? `Your crew: ${listNames(crew)}.`
      : "We will email you your crew's names once they are confirmed.";
  const changeLine = canChange
    ? `You can reschedule or cancel free of charge until ${deadline}.`
    : `Changes within ${FREE_CHANGE_HOURS} hours of the clean are made by phone: please call us on ${business.phone}.`;
  const email = renderEmail(
    {
      heading: REMINDER_SUBJECT,
      paragraphs: [
        `Hello ${booking.clientName}, this is a reminder of your ${service} on ${when}.`,
        `Address: ${booking.address}.`,
        crewLine,
        changeLine,
        `Reference ${booking.reference}.`,
      ],
      action: { label: canChange ? "Reschedule or cancel" : "View your booking", url },
    },
    business,
  );
  const sms = [
    `${business.name}: your clean is on ${formatShortDate(booking.scheduledDate)} at ${formatTimeSlot(booking.timeSlot)}, ${booking.address}.`,
    crew.length > 0 ? `Crew: ${listNames(crew)}.` : "",
    canChange ? `Change or cancel until ${deadline}: ${url}` : `To change, call ${business.phone}.`,
    "Reply STOP to opt out.",
  ]
    .filter(Boolean)
    .join(" ");
  return { subject: `${REMINDER_SUBJECT} (${booking.reference})`, email, sms };
}
