import { Link } from "react-router";
import { JobFacts } from "~/components/cleaner/job-facts";
import type { CleanerJob } from "../cleaner-app";
import { CLEANER_HOME_TEXT } from "../cleaner-app-copy";

/** One accepted job: when, how long, where (suburb only), with whom, and its status. */
export function JobCard({ job, next = false }: { job: CleanerJob; next?: boolean }) {
  return (
    <article
      aria-label={`${job.day}, ${job.time}, ${job.suburb}`}
      className={`rounded-lg border p-5 ${next ? "border-gold bg-white shadow-sm" : "border-line bg-white"}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">{job.day}</p>
        <p className="rounded-full bg-ivory-deep px-3 py-0.5 text-sm font-semibold">{job.status}</p>
      </div>
      <p className={`mt-1 font-display ${next ? "text-2xl" : "text-xl"} font-medium`}>
        {/* The job's page: address, checklist and the visit (docs/decisions/0068-job-visits.md). */}
        <Link to={`/cleaner/jobs/${job.id}`} className="underline underline-offset-4">
          {job.suburb}
        </Link>
      </p>
      <JobFacts
        className="mt-3 gap-y-1 text-sm"
        facts={[
          ["Time", job.time],
          ["Length", job.onSite],
          [
            CLEANER_HOME_TEXT.crew,
            job.crew.length > 0 ? job.crew.join(", ") : CLEANER_HOME_TEXT.alone,
          ],
        ]}
      />
    </article>
  );
}
