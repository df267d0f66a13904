import type { Kysely } from "kysely";
import { z } from "zod";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail, enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { bookingWebhook, type BookingWebhookInput } from "~/features/outbox/webhook-bodies";
import type { BusinessProfile } from "~/features/settings/business-profile";
import type { Database } from "~/server/database";
import { bookingCalendar } from "./booking-calendar.server";
import { serviceLabel } from "./booking-copy";
import { BOOKING_MESSAGES } from "./booking-messages";
import { formatLongDate, formatTimeSlot, formatMoney } from "~/lib/format";
import { isCalendarDate, isTimeSlot } from "./booking-rules";

// What a booking and each change announce, written in the caller's transaction
// (docs/decisions/0008-webhook-outbox.md): the booking webhook of
// docs/product/public-site.md#webhooks and the customer's email with its calendar invite
// (docs/decisions/0017-outbound-email.md).

/** docs/product/public-site.md#messages "Booking": data the webhook cannot carry. */
export class InvalidBookingData extends Error {
  constructor() {
    super(BOOKING_MESSAGES.invalidData);
  }
}

const BookingWebhookDataSchema = z.object({
  quoteId: z.string().min(1),
  clientName: z.string().trim().min(1),
  clientEmail: z.email(),
  clientPhone: z.string().nullable(),
  serviceType: z.string().min(1),
  scheduledDate: z.string().refine(isCalendarDate),
  scheduledTime: z.string().refine(isTimeSlot),
  address: z.string().trim().min(1),
  status: z.enum(["confirmed", "rescheduled", "cancelled"]),
});

export type BookingNotice = {
  bookingId: string;
  reference: string;
  quoteId: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string | null;
  serviceType: string;
  cleaningLevel: string | null;
  hours: number;
  date: string;
  timeSlot: string;
  address: string;
  priceCents: number;
  status: BookingWebhookInput["status"];
  /** For a reschedule: where it was */
  previous?: { date: string; timeSlot: string };
  /** The calendar entry's SEQUENCE: 0 for a new booking */
  sequence: number;
  /** For a cancellation: the amount refunded to the customer, or null when nothing is */
  refundCents?: number | null;
};

/** Enqueues the booking webhook; throws InvalidBookingData when the data is malformed. */
export async function enqueueBookingWebhook(trx: Kysely<Database>, notice: BookingNotice) {
  const parsed = BookingWebhookDataSchema.safeParse({
    quoteId: notice.quoteId,
    clientName: notice.clientName,
    clientEmail: notice.clientEmail,
    clientPhone: notice.clientPhone,
    serviceType: notice.serviceType,
    scheduledDate: notice.date,
    scheduledTime: notice.timeSlot,
    address: notice.address,
    status: notice.status,
  });
  if (!parsed.success) throw new InvalidBookingData();
  return enqueueWebhook(trx, {
    ...bookingWebhook(parsed.data),
    subjectType: "booking",
    subjectId: notice.bookingId,
  });
}

const SUBJECTS = {
  confirmed: "Your booking is confirmed",
  rescheduled: "Your booking has a new date",
  cancelled: "Your booking is cancelled",
} as const;

/**
 * The cancellation's refund in plain figures (docs/decisions/0046-contact-inbox.md):
 * the amount going back to the card, or that no charge was refunded.
 */
function refundLine(refundCents: number | null) {
  return refundCents && refundCents > 0
    ? `We are refunding ${formatMoney(refundCents)} to the card you paid with; it can take a few days to appear.`
    : "No charge was refunded.";
}

/** The customer's email about a booking, with its .ics invite. */
export async function enqueueBookingEmail(
  trx: Kysely<Database>,
  notice: BookingNotice,
  business: BusinessProfile,
  publicUrl: string,
) {
  const url = `${publicUrl}/booking-success?ref=${encodeURIComponent(notice.reference)}`;
  const when = `${formatLongDate(notice.date)} at ${formatTimeSlot(notice.timeSlot)}`;
  const service = serviceLabel(notice.serviceType, notice.cleaningLevel);
  const paragraphs =
    notice.status === "cancelled"
      ? [
          `Hello ${notice.clientName}, your ${service} on ${when} is cancelled.`,
          refundLine(notice.refundCents ?? null),
          `Reference ${notice.reference}. To book again, reply to this email or call ${business.phone}.`,
        ]
      : [
          notice.status === "rescheduled" && notice.previous
            ? `Hello ${notice.clientName}, your ${service} has moved from ${formatLongDate(notice.previous.date)} at ${formatTimeSlot(notice.previous.timeSlot)} to ${when}.`
            : `Hello ${notice.clientName}, your ${service} is booked for ${when}.`,
          `Address: ${notice.address}. Price: ${formatMoney(notice.priceCents)} (GST included).`,
          "You can change or cancel free of charge up to 24 hours before the clean. We send your cleaner's details within 24 hours of the clean.",
          `Reference ${notice.reference}. The calendar invite is attached.`,
        ];
  const rendered = renderEmail(
    {
      heading: SUBJECTS[notice.status],
      paragraphs,
      action: { label: "View your booking", url },
    },
    business,
  );
  const calendar = bookingCalendar({
    reference: notice.reference,
    date: notice.date,
    timeSlot: notice.timeSlot,
    hours: notice.hours,
    summary: `${business.name}: ${service}`,
    description: `Booking ${notice.reference}. ${url}`,
    address: notice.address,
    url,
    business: { name: business.name, email: business.email },
    sequence: notice.sequence,
    cancelled: notice.status === "cancelled",
  });
  return enqueueEmail(trx, {
    topic: `booking.${notice.status}`,
    subjectType: "booking",
    subjectId: notice.bookingId,
    to: notice.clientEmail,
    replyTo: business.email,
    subject: `${SUBJECTS[notice.status]} (${notice.reference})`,
    html: rendered.html,
    text: rendered.text,
    attachments: [calendar],
  });
}
