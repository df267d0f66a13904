import { formatShortDate } from "~/lib/format";
import { DISPATCH_TEXT, type DispatchBoard } from "../dispatch";
import { CleanerHeader } from "./cleaner-row";
import { SUSPENDED } from "./dispatch-board";
import { JobCard } from "./job-card";
import { OfferMenu } from "./offer-menu";

// Under 1024 px the board is a list: the jobs needing cleaners first, each with Offer to…, then
// each cleaner with their jobs and time off.
export function DispatchList({ board }: { board: DispatchBoard }) {
  const showDate = board.view === "week";
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="list-lane-heading">
        <h2 id="list-lane-heading" className="mb-2 font-semibold">
          {DISPATCH_TEXT.needsCleaners} ({board.needsCleaners.length})
        </h2>
        {board.needsCleaners.length === 0 ? (
          <p className="text-sm">{DISPATCH_TEXT.noneWaiting}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {board.needsCleaners.map((job) => (
              <li key={job.bookingId}>
                <JobCard
                  job={job}
                  showDate={showDate}
                  menu={<OfferMenu job={job} cleaners={board.cleaners} />}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="list-cleaners-heading">
        <h2 id="list-cleaners-heading" className="mb-2 font-semibold">
          Cleaners
        </h2>
        <ul className="flex flex-col gap-3">
          {board.cleaners.map((cleaner) => {
            const off = board.days.filter((date) =>
              cleaner.timeOff.some((s) => s.startsOn <= date && date <= s.endsOn),
            );
            return (
              <li
                key={cleaner.id}
                aria-label={cleaner.name}
                data-suspended={cleaner.status === "suspended" || undefined}
                className={`rounded-lg border border-line p-2 dark:border-ivory/10 ${
                  cleaner.status === "suspended" ? SUSPENDED : ""
                }`}
              >
                <CleanerHeader cleaner={cleaner} />
                {off.length > 0 && (
                  <p className="px-1 text-xs font-semibold">
                    {DISPATCH_TEXT.timeOff}: {off.map(formatShortDate).join(", ")}
                  </p>
                )}
                {cleaner.jobs.length === 0 ? (
                  <p className="px-1 text-xs text-ink-soft dark:text-mist">
                    {DISPATCH_TEXT.noJobs}
                  </p>
                ) : (
                  <ul className="mt-1 flex flex-col gap-1">
                    {cleaner.jobs.map((job) => (
                      <li key={job.bookingId}>
                        <JobCard job={job} showDate={showDate} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
