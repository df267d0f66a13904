import { Star } from "lucide-react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/kit/status-badge";
import { CLEANER_STATUS_LABELS, type CleanerCard as Card } from "../cleaner-directory";
import { CleanerAvatar } from "./cleaner-avatar";

/** One cleaner in the directory (docs/product/back-office.md#cleaner-directory). */
export function CleanerCard({ cleaner }: { cleaner: Card }) {
  const headingId = `cleaner-${cleaner.id}-name`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-lg border border-line bg-white p-5 dark:border-ivory/10 dark:bg-ink-raised"
    >
      <div className="flex items-start gap-4">
        <CleanerAvatar
          name={cleaner.name}
          initials={cleaner.initials}
          photoUrl={cleaner.photoUrl}
        />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate text-base font-semibold">
            {cleaner.name}
          </h2>
          {cleaner.location && (
            <p className="truncate text-sm text-muted dark:text-mist">{cleaner.location}</p>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StatusBadge
              kind="cleaner"
              status={cleaner.status}
              label={CLEANER_STATUS_LABELS[cleaner.status]}
            />
            {/* docs/decisions/0056-application-outcomes-and-documents.md */}
            {cleaner.declined && (
              <StatusBadge kind="cleaner" status="declined" label="Application declined" />
            )}
            <span className="inline-flex items-center gap-1 text-sm font-semibold">
              <Star aria-hidden="true" className="size-4 text-gold-deep dark:text-gold" />
              <span className="sr-only">Rating </span>
              {cleaner.rating.toFixed(1)}
            </span>
          </div>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted dark:text-mist">Services</dt>
        <dd>{cleaner.services.length > 0 ? cleaner.services.join(", ") : "None listed"}</dd>
        <dt className="text-muted dark:text-mist">Jobs</dt>
        <dd>
          {cleaner.completedJobs} completed, {cleaner.activeBookings} active
        </dd>
      </dl>
      <Link
        to={`/admin/cleaners/${cleaner.id}`}
        aria-label={`View Profile: ${cleaner.name}`}
        className="mt-4 inline-flex min-h-11 items-center self-start font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
      >
        View Profile
      </Link>
    </li>
  );
}
