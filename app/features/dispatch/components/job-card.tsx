import { Link } from "react-router";
import { BADGE_TONE_CLASSES } from "~/components/kit/status-tones";
import { formatShortDate } from "~/lib/format";
import {
  DISPATCH_TEXT,
  jobName,
  staffingLabel,
  timeOnSite,
  type CleanerJob,
  type DispatchJob,
} from "../dispatch";

/**
 * One job: its time on site, suburb, service and crew ("1 of 2 cleaners"), a link to its lead,
 * and what the place it sits in adds: the drag handle and Offer to… in the lane, or the offer's
 * state (Offered or Confirmed) in a cleaner's row.
 */
export function JobCard({
  job,
  showDate = false,
  handle,
  menu,
}: {
  job: DispatchJob | CleanerJob;
  /** The date too (the phone list, where a week's jobs share one list) */
  showDate?: boolean;
  handle?: React.ReactNode;
  menu?: React.ReactNode;
}) {
  const offer = "offer" in job ? job.offer : null;
  return (
    <article
      aria-label={jobName(job)}
      data-booking={job.bookingId}
      data-offer={offer ?? undefined}
      className={`rounded-md border bg-white p-1.5 text-xs [overflow-wrap:break-word] dark:bg-ink ${
        offer === "pending"
          ? "border-dashed border-ink/40 dark:border-ivory/40"
          : offer === "accepted"
            ? "border-line dark:border-ivory/15"
            : "border-warning border-l-4 dark:border-amber-300"
      }`}
    >
      <div className="flex items-start gap-1">
        {handle}
        <p className="min-w-0 flex-1 font-semibold">
          {showDate && <span>{formatShortDate(job.date)}, </span>}
          {timeOnSite(job)}
        </p>
      </div>
      <p>{job.suburb}</p>
      <p className="text-ink-soft dark:text-mist">{job.service}</p>
      <p className="mt-1">{staffingLabel(job)}</p>
      {job.problem && (
        <p className="mt-1 font-semibold text-danger dark:text-red-300" data-testid="job-problem">
          ⚠ {DISPATCH_TEXT.problem}
        </p>
      )}
      {"visit" in job && <OfferState job={job} />}
      <div className="mt-1 flex flex-wrap items-center gap-x-2">
        <Link
          to={`/admin/quotes/${job.quoteId}`}
          className="inline-flex min-h-6 items-center font-semibold underline underline-offset-2"
        >
          {DISPATCH_TEXT.lead}
          <span className="sr-only">
            {" "}
            for {job.suburb}, {formatShortDate(job.date)}
          </span>
        </Link>
        {menu}
      </div>
    </article>
  );
}

/** The seat's state in a cleaner's row: Offered, Confirmed, or its live visit and times. */
function OfferState({ job }: { job: CleanerJob }) {
  const { status, label, times } = job.visit;
  // Before the day, an accepted seat reads as the board always said it: Confirmed.
  const words =
    job.offer === "pending"
      ? DISPATCH_TEXT.offered
      : status === "accepted"
        ? DISPATCH_TEXT.confirmed
        : label;
  const tone =
    job.offer === "pending"
      ? "yellow"
      : status === "problem"
        ? "red"
        : status === "done"
          ? "grey"
          : "green";
  return (
    <p className="mt-1" data-seat-status={status}>
      <span
        className={`inline-block rounded-full px-2 py-0.5 font-semibold ${BADGE_TONE_CLASSES[tone]}`}
      >
        {words}
      </span>
      {times && <span className="block text-ink-soft dark:text-mist">{times}</span>}
    </p>
  );
}
