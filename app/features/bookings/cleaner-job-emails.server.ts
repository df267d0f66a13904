import type { Kysely } from "kysely";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { formatDateTime, formatLongDate, formatTimeSlot } from "~/lib/format";
import type { Database } from "~/server/database";
import { bookingCalendar } from "./booking-calendar.server";

// What a cleaner is told when a job offered to them changes
// (docs/decisions/0041-cleaners-hear-of-job-changes.md): each email carries the job's calendar
// entry, one per offer (its UID), updated with a higher SEQUENCE or cancelled. subject_type
// "quote" puts each on the lead's timeline. Shared with the assignments feature, whose offer and
// confirmation carry the same entry.

/** A cleaner's job as their emails and calendar show it: the suburb, never the client's street. */
export type CleanerJob = {
  assignmentId: string;
  /** When the offer was made: its calendar entry's SEQUENCE counts from here */
  offeredAt: string;
  quoteId: string;
  cleaner: { name: string; email: string };
  suburb: string;
  date: string;
  timeSlot: string;
  hours: number;
};

type CalendarState = "offered" | "confirmed" | "cancelled";

const whenOf = (job: { date: string; timeSlot: string }) =>
  `${formatLongDate(job.date)} at ${formatTimeSlot(job.timeSlot)}`;
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The job's .ics: one UID per offer, so an update or a cancellation replaces the entry the offer
 * made. SEQUENCE 0 for the offer, then the seconds since it, so each later change is higher.
 */
export function jobCalendar(
  job: CleanerJob,
  state: CalendarState,
  business: BusinessProfile,
  now: Date,
) {
  const seconds = Math.floor((now.getTime() - Date.parse(job.offeredAt)) / 1000);
  return bookingCalendar({
    reference: job.assignmentId,
    uid: `${job.assignmentId}@assignments`,
    filename: "job.ics",
    date: job.date,
    timeSlot: job.timeSlot,
    hours: job.hours,
    summary: `${business.name}: job in ${job.suburb}`,
    description: `Cleaning job in ${job.suburb}, ${job.hours} hours. Questions: ${business.phone}.`,
    address: job.suburb,
    business: { name: business.name, email: business.email },
    sequence: state === "offered" && seconds <= 0 ? 0 : Math.max(1, seconds),
    cancelled: state === "cancelled",
    tentative: state === "offered",
  });
}

async function enqueueCleanerEmail(
  trx: Kysely<Database>,
  input: {
    topic: string;
    job: CleanerJob;
    subject: string;
    heading: string;
    paragraphs: string[];
    action?: { label: string; url: string };
    calendar: ReturnType<typeof jobCalendar>;
    business: BusinessProfile;
  },
) {
  const rendered = renderEmail(
    { heading: input.heading, paragraphs: input.paragraphs, action: input.action },
    input.business,
  );
  return enqueueEmail(trx, {
    topic: input.topic,
    subjectType: "quote",
    subjectId: input.job.quoteId,
    to: input.job.cleaner.email,
    replyTo: input.business.email,
    subject: input.subject,
    html: rendered.html,
    text: rendered.text,
    attachments: [input.calendar],
  });
}

/** The job moved: the cleaner is asked again, with a new link and deadline. */
export async function enqueueJobMovedEmail(
  trx: Kysely<Database>,
  input: {
    job: CleanerJob;
    previous: { date: string; timeSlot: string };
    link: string;
    deadline: Date;
    business: BusinessProfile;
    now: Date;
  },
) {
  const { job, business } = input;
  return enqueueCleanerEmail(trx, {
    topic: "assignment.rescheduled",
    job,
    subject: `Job moved: ${job.suburb}, ${formatLongDate(job.date)}`,
    heading: "Your job has moved",
    paragraphs: [
      `Hi ${firstNameOf(job.cleaner.name)}, the job in ${job.suburb} on ${whenOf(input.previous)} has moved to ${whenOf(job)}, ${job.hours} hours.`,
      `Can you still take it? Please answer by ${formatDateTime(input.deadline)} (Sydney time). After that the offer lapses.`,
      "The calendar entry attached replaces the old one.",
    ],
    action: { label: "See the job and answer", url: input.link },
    calendar: jobCalendar(job, "offered", business, input.now),
    business,
  });
}

/** The booking was cancelled: the cleaner need not go, and their calendar entry is cancelled. */
export async function enqueueJobCancelledEmail(
  trx: Kysely<Database>,
  input: { job: CleanerJob; business: BusinessProfile; now: Date },
) {
  const { job, business } = input;
  return enqueueCleanerEmail(trx, {
    topic: "assignment.cancelled",
    job,
    subject: `Job cancelled: ${job.suburb}, ${formatLongDate(job.date)}`,
    heading: "Job cancelled",
    paragraphs: [
      `Hi ${firstNameOf(job.cleaner.name)}, the job in ${job.suburb} on ${whenOf(job)} is cancelled. You do not need to go.`,
      `The calendar entry attached cancels it. Questions? Call us on ${business.phone}.`,
    ],
    calendar: jobCalendar(job, "cancelled", business, input.now),
    business,
  });
}

/** The cleaner is taken off a job that goes on without them; `reason` says why, as a sentence. */
export async function enqueueJobReleasedEmail(
  trx: Kysely<Database>,
  input: { job: CleanerJob; reason: string; business: BusinessProfile; now: Date },
) {
  const { job, business } = input;
  return enqueueCleanerEmail(trx, {
    topic: "assignment.released",
    job,
    subject: `Job no longer yours: ${job.suburb}, ${formatLongDate(job.date)}`,
    heading: "You are off this job",
    paragraphs: [
      `Hi ${firstNameOf(job.cleaner.name)}, the job in ${job.suburb} on ${whenOf(job)} is no longer yours. ${input.reason}`,
      `You do not need to go; the calendar entry attached cancels it. Questions? Call us on ${business.phone}.`,
    ],
    calendar: jobCalendar(job, "cancelled", business, input.now),
    business,
  });
}

/**
 * The crew size changed and the cleaner stays on the job: their share of the hours is new
 * (docs/decisions/0060-crews-and-cleaner-holds.md). An accepted job's calendar entry is updated;
 * an offer still waiting keeps its link and deadline.
 */
export async function enqueueShareChangedEmail(
  trx: Kysely<Database>,
  input: {
    job: CleanerJob;
    crewSize: number;
    accepted: boolean;
    business: BusinessProfile;
    now: Date;
  },
) {
  const { job, business } = input;
  const crew =
    input.crewSize === 1 ? "You will now do it alone" : `It now takes ${input.crewSize} cleaners`;
  return enqueueCleanerEmail(trx, {
    topic: "assignment.share_changed",
    job,
    subject: `Job changed: ${job.suburb}, ${formatLongDate(job.date)}, ${job.hours} hours`,
    heading: "Your share of the job has changed",
    paragraphs: [
      `Hi ${firstNameOf(job.cleaner.name)}, the crew for the job in ${job.suburb} on ${whenOf(job)} has changed. ${crew}, and your share is ${job.hours} hours.`,
      input.accepted
        ? "The calendar entry attached replaces the old one."
        : "Your offer still stands: answer through the link in the offer email, by its deadline.",
      `Questions? Call us on ${business.phone}.`,
    ],
    calendar: jobCalendar(job, input.accepted ? "confirmed" : "offered", business, input.now),
    business,
  });
}
