import { formatHours } from "~/lib/format";
import {
  DISPATCH_TEXT,
  isOff,
  startMinutes,
  type DispatchBoard,
  type DispatchCleaner,
} from "../dispatch";
import { JobCard } from "./job-card";

/** The cleaner's name, a status other than Available or Busy, their week's hours (owners) and a note. */
export function CleanerHeader({
  cleaner,
  note,
}: {
  cleaner: DispatchCleaner;
  /** Why they cannot take the job being dragged */
  note?: string | null;
}) {
  return (
    <div className="p-1 text-sm">
      <h3 className="font-semibold break-words">{cleaner.name}</h3>
      {!cleaner.takesJobs && (
        <p className="text-xs text-muted dark:text-mist">
          {cleaner.status === "suspended" ? DISPATCH_TEXT.suspended : DISPATCH_TEXT.offline}
        </p>
      )}
      {cleaner.weekHours !== undefined && (
        <p className="text-xs text-muted dark:text-mist" data-testid="week-hours">
          {DISPATCH_TEXT.weekHours(formatHours(cleaner.weekHours))}
        </p>
      )}
      {note && <p className="text-xs font-semibold text-danger dark:text-red-200">{note}</p>}
    </div>
  );
}

/** The cleaner's days: a cell per day of the week, or the day as a line from morning to evening. */
export function CleanerDays({
  cleaner,
  board,
}: {
  cleaner: DispatchCleaner;
  board: DispatchBoard;
}) {
  if (board.view === "day") return <DayLine cleaner={cleaner} date={board.date} />;
  return board.days.map((date) => {
    const jobs = cleaner.jobs.filter((job) => job.date === date);
    const off = isOff(cleaner, date);
    return (
      <div
        key={date}
        className={`flex min-h-12 flex-col gap-1 rounded-md p-0.5 ${off ? "bg-ink/5 dark:bg-ivory/10" : ""}`}
      >
        {off && <TimeOff />}
        {jobs.map((job) => (
          <JobCard key={job.bookingId} job={job} />
        ))}
      </div>
    );
  });
}

function TimeOff() {
  return (
    <p className="rounded-sm px-1 text-xs font-semibold text-ink-soft dark:text-mist">
      {DISPATCH_TEXT.timeOff}
    </p>
  );
}

// The day's line runs from 7 AM to 7 PM, or wider when a job starts or ends outside it.
const LINE_FROM = 7 * 60;
const LINE_TO = 19 * 60;

function DayLine({ cleaner, date }: { cleaner: DispatchCleaner; date: string }) {
  const jobs = cleaner.jobs.filter((job) => job.date === date);
  const from = Math.min(LINE_FROM, ...jobs.map((job) => startMinutes(job.slot)));
  const to = Math.max(LINE_TO, ...jobs.map((job) => startMinutes(job.slot) + job.minutesOnSite));
  const share = (minutes: number) => `${((minutes / (to - from)) * 100).toFixed(2)}%`;
  const off = isOff(cleaner, date);
  return (
    <div
      className={`relative min-h-24 rounded-md ${off ? "bg-ink/5 dark:bg-ivory/10" : "bg-ink/[0.02]"}`}
    >
      {off && <TimeOff />}
      {jobs.map((job) => (
        <div
          key={job.bookingId}
          className="absolute top-0 p-0.5"
          style={{
            left: share(startMinutes(job.slot) - from),
            width: `max(9rem, ${share(Math.max(job.minutesOnSite, 60))})`,
          }}
        >
          <JobCard job={job} />
        </div>
      ))}
    </div>
  );
}
