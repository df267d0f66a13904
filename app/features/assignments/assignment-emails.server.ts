import type { Kysely } from "kysely";
import { displayablePhotoUrl } from "~/features/cleaners/cleaner-photo";
import { leadDetailsUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { jobCalendar } from "~/features/bookings/cleaner-job-emails.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import type { Database } from "~/server/database";
import { staffingLabel } from "./assignments";
import { firstName, offerSuburb } from "./offer-format";
import {
  formatDateTime,
  formatHours,
  formatLongDate,
  formatMoney,
  formatTimeSlot,
} from "~/lib/format";

// The offer's emails: to the cleaner (the job and the link), to the client (who is coming), to
// staff (an offer came to nothing, a job tomorrow has nobody). Each is enqueued in the
// transaction that makes the change it announces. subject_type "quote" puts them on the lead's
// timeline.

export async function enqueueOfferEmail(
  trx: Kysely<Database>,
  offer: {
    assignmentId: string;
    offeredAt: string;
    quoteId: string;
    cleaner: { name: string; email: string };
    date: string;
    timeSlot: string;
    /** The cleaner's share of the hours (docs/decisions/0060-crews-and-cleaner-holds.md) */
    hours: number;
    /** How many cleaners the job takes: a crew's offer says so */
    crewSize: number;
    payCents: number;
    suburb: string | null;
    spaceDetails: string;
    deadline: Date;
    link: string;
    profile: BusinessProfile;
  },
) {
  const where = offerSuburb(offer.suburb, offer.spaceDetails);
  const when = `${formatLongDate(offer.date)} at ${formatTimeSlot(offer.timeSlot)}`;
  const rendered = renderEmail(
    {
      heading: "A new job for you",
      paragraphs: [
        `Hi ${firstName(offer.cleaner.name)}, would you take this job?`,
        `${where}, ${when}, ${formatHours(offer.hours)}. Pay: ${formatMoney(offer.payCents)}.`,
        ...(offer.crewSize > 1
          ? [`You would be one of ${offer.crewSize} cleaners; the hours are your share.`]
          : []),
        `Please answer by ${formatDateTime(offer.deadline.toISOString())} (Sydney time). After that the offer lapses.`,
      ],
      action: { label: "See the job and answer", url: offer.link },
    },
    offer.profile,
  );
  return enqueueEmail(trx, {
    topic: "assignment.offered",
    subjectType: "quote",
    subjectId: offer.quoteId,
    to: offer.cleaner.email,
    subject: `Job offer: ${where}, ${formatLongDate(offer.date)}`,
    html: rendered.html,
    text: rendered.text,
    // docs/decisions/0041-cleaners-hear-of-job-changes.md: a tentative entry that a change updates or cancels
    attachments: [
      jobCalendar({ ...offer, suburb: where }, "offered", offer.profile, new Date(offer.offeredAt)),
    ],
  });
}

/** docs/decisions/0027-lead-lifecycle.md: the client hears who is coming: first name, photo, rating. */
export async function enqueueCleanerIntroEmail(
  trx: Kysely<Database>,
  input: {
    quoteId: string;
    client: { name: string; email: string };
    cleaner: { name: string; rating: number; photo: string | null };
    date: string;
    timeSlot: string;
    publicUrl: string;
    profile: BusinessProfile;
  },
) {
  const name = firstName(input.cleaner.name);
  const photo = displayablePhotoUrl(input.cleaner.photo);
  const photoUrl = photo?.startsWith("/")
    ? `${input.publicUrl.replace(/\/+$/, "")}${photo}`
    : photo;
  const rating = input.cleaner.rating > 0 ? `${input.cleaner.rating.toFixed(1)} out of 5` : null;
  return enqueueIntroToClient(trx, {
    quoteId: input.quoteId,
    to: input.client.email,
    subject: `${name} is your cleaner for ${formatLongDate(input.date)}`,
    heading: `Meet ${name}, your cleaner`,
    image: photoUrl ? { url: photoUrl, alt: `${name}'s photo` } : undefined,
    paragraphs: [
      `Hi ${firstName(input.client.name)}, ${name} will clean for you on ${formatLongDate(input.date)} at ${formatTimeSlot(input.timeSlot)}.`,
      rating ? `${name} is rated ${rating} by our clients.` : `${name} is new to our team.`,
    ],
    profile: input.profile,
  });
}

/** The client's "meet your cleaner(s)" email, on the lead's timeline; the office phone last. */
export async function enqueueIntroToClient(
  trx: Kysely<Database>,
  input: {
    quoteId: string;
    to: string;
    subject: string;
    heading: string;
    image?: { url: string; alt: string };
    paragraphs: string[];
    profile: BusinessProfile;
  },
) {
  const rendered = renderEmail(
    {
      heading: input.heading,
      image: input.image,
      paragraphs: [
        ...input.paragraphs,
        `Questions before the day? Call us on ${input.profile.phone}.`,
      ],
    },
    input.profile,
  );
  return enqueueEmail(trx, {
    topic: "assignment.accepted",
    subjectType: "quote",
    subjectId: input.quoteId,
    to: input.to,
    subject: input.subject,
    html: rendered.html,
    text: rendered.text,
  });
}

/** The cleaner's copy of the job they accepted, with the client's details they now need. */
export async function enqueueAcceptedJobEmail(
  trx: Kysely<Database>,
  input: {
    assignmentId: string;
    offeredAt: string;
    quoteId: string;
    cleaner: { name: string; email: string };
    client: { name: string; phone: string | null; address: string };
    suburb: string;
    date: string;
    timeSlot: string;
    hours: number;
    profile: BusinessProfile;
    now: Date;
  },
) {
  const rendered = renderEmail(
    {
      heading: "Thanks, the job is yours",
      paragraphs: [
        `${formatLongDate(input.date)} at ${formatTimeSlot(input.timeSlot)}.`,
        `Client: ${input.client.name}. Address: ${input.client.address}. Phone: ${input.client.phone ?? "not given"}.`,
        `If anything changes, call us on ${input.profile.phone}.`,
      ],
    },
    input.profile,
  );
  return enqueueEmail(trx, {
    topic: "assignment.confirmed",
    subjectType: "quote",
    subjectId: input.quoteId,
    to: input.cleaner.email,
    subject: `Job confirmed: ${formatLongDate(input.date)}`,
    html: rendered.html,
    text: rendered.text,
    attachments: [jobCalendar(input, "confirmed", input.profile, input.now)],
  });
}

/** Staff hear that an offer came to nothing and the job needs another cleaner. */
export async function notifyStaffOfLapse(
  trx: Kysely<Database>,
  input: {
    kind: "declined" | "expired";
    quoteId: string;
    clientName: string;
    cleanerName: string;
    date: string;
    timeSlot: string;
    publicUrl: string;
  },
) {
  const what = input.kind === "declined" ? "declined" : "did not answer in time for";
  return notifyStaffByEmail(trx, {
    topic: `assignment.${input.kind}`,
    subjectType: "quote",
    subjectId: input.quoteId,
    subject: `Assign another cleaner: ${input.clientName}, ${formatLongDate(input.date)}`,
    heading: "This job needs a cleaner",
    paragraphs: [
      `${input.cleanerName} ${what} the job for ${input.clientName} on ${formatLongDate(input.date)} at ${formatTimeSlot(input.timeSlot)}.`,
      "Open the lead and assign another cleaner.",
    ],
    leadUrl: leadDetailsUrl(input.publicUrl, input.quoteId),
  });
}

/** docs/decisions/0027-lead-lifecycle.md: a booking 24 hours away has no accepted cleaner. */
export async function notifyStaffOfUnstaffedBooking(
  trx: Kysely<Database>,
  input: {
    quoteId: string;
    reference: string;
    clientName: string;
    suburb: string | null;
    date: string;
    timeSlot: string;
    /** The crew's accepted seats, of its size (docs/decisions/0060-crews-and-cleaner-holds.md) */
    accepted: number;
    crewSize: number;
    publicUrl: string;
  },
) {
  const slot = `${formatLongDate(input.date)} ${formatTimeSlot(input.timeSlot)}`;
  const staffing = staffingLabel(input.accepted, input.crewSize);
  return notifyStaffByEmail(trx, {
    topic: "booking.unstaffed",
    subjectType: "quote",
    subjectId: input.quoteId,
    subject: `No cleaner yet: ${input.clientName}, ${slot} (${staffing})`,
    heading:
      input.accepted === 0
        ? "A job within 24 hours has no cleaner"
        : "A job within 24 hours is short of cleaners",
    paragraphs: [
      `Booking ${input.reference} for ${input.clientName}${input.suburb ? ` in ${input.suburb}` : ""} starts ${formatLongDate(input.date)} at ${formatTimeSlot(input.timeSlot)}, and not every cleaner it needs has accepted it: ${staffing}.`,
      "Open the lead and assign a cleaner now.",
    ],
    leadUrl: leadDetailsUrl(input.publicUrl, input.quoteId),
  });
}
