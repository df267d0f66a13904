import { Link } from "react-router";
import { BADGE_TONE_CLASSES, badgeTone } from "~/components/kit/status-tones";
import { PAYMENT_LABELS, type ScheduleJob } from "../schedule";
import { formatTimeSlot } from "~/lib/format";

/**
 * One booked job: suburb, service, hours, its cleaner or a highlighted "Unassigned", its payment,
 * and links to its details and to the assign panel. The links' accessible names carry the suburb,
 * day and slot, since a grid cell holds several jobs.
 */
export function ScheduleJobCard({
  job,
  date,
  slot,
  level,
}: {
  job: ScheduleJob;
  date: string;
  slot: string;
  /** The job's heading level under its day and slot */
  level: "h3" | "h4";
}) {
  const Heading = level;
  const unassigned = job.cleaner === null;
  const when = `${job.suburb}, ${date} ${formatTimeSlot(slot)}`;
  return (
    <article
      aria-label={`${job.suburb}: ${job.service}`}
      data-unassigned={unassigned || undefined}
      className={`rounded-md border p-2 text-sm break-words ${
        unassigned
          ? "border-warning border-l-4 bg-white dark:border-amber-300 dark:bg-ink"
          : "border-line bg-white dark:border-ivory/15 dark:bg-ink"
      }`}
    >
      <Heading className="font-semibold">{job.suburb}</Heading>
      <p>
        {job.service}
        {job.hours !== null && <span>, {job.hours} h</span>}
        {job.status === "completed" && <span>, completed</span>}
      </p>
      <p className="mt-1">
        {unassigned ? (
          <strong className="inline-block rounded-sm bg-warning px-1.5 text-ivory dark:bg-amber-300 dark:text-ink">
            Unassigned
          </strong>
        ) : (
          <span>
            {job.staffing ? "Crew" : "Cleaner"}: {job.cleaner}
            {job.cleanerPending && (
              <span className="text-muted dark:text-mist"> (awaiting reply)</span>
            )}
            {job.staffing && <span className="block font-semibold">{job.staffing}</span>}
          </span>
        )}
      </p>
      <SeatLines seats={job.seats} />
      <p className="mt-1">
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_TONE_CLASSES[badgeTone("payment", job.payment)]}`}
        >
          {PAYMENT_LABELS[job.payment] ?? job.payment}
        </span>
      </p>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
        <Link
          to={`/admin/quotes/${job.quoteId}`}
          aria-label={`Open details: ${when}`}
          className="inline-flex min-h-6 items-center font-semibold underline underline-offset-2"
        >
          Details
        </Link>
        {(unassigned || job.cleanerPending || !job.staffed) && (
          <Link
            to={`/admin/quotes/${job.quoteId}?assign=1`}
            aria-label={`Assign a cleaner: ${when}`}
            className="inline-flex min-h-6 items-center font-semibold underline underline-offset-2"
          >
            Assign
          </Link>
        )}
      </p>
    </article>
  );
}

/** Each seat's live status and times, as the cleaner's app reports them. */
function SeatLines({ seats }: { seats: ScheduleJob["seats"] }) {
  if (seats.length === 0) return null;
  return (
    <ul className="mt-1 text-xs" aria-label="Seats">
      {seats.map((seat) => (
        <li key={seat.seat} data-seat-status={seat.label}>
          {seat.cleaner}: <span className="font-semibold">{seat.label}</span>
          {seat.times && <span className="text-muted dark:text-mist"> · {seat.times}</span>}
        </li>
      ))}
    </ul>
  );
}
