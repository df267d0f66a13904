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
        <p className="text-xs font-semibold text-ink-soft dark:text-mist">
          {cleaner.status === "suspended" ? DISPATCH_TEXT.suspended : DISPATCH_TEXT.offline}
        </p>
      )}
      {cleaner.weekHours !== undefined && (
        <p className="text-xs text-ink-soft dark:text-mist" data-testid="week-hours">
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

// The day's line: 7 AM to 7 PM in half hours, a job across the half hours it is on site. The
// classes are written out whole so the stylesheet has them (the page's CSP allows no inline
// style); a job before or after the line is drawn from its edge.
const LINE_FROM = 7 * 60;
const STEPS = 24;
const STEP_MINUTES = 30;
// prettier-ignore
const COL_START = ["col-start-1", "col-start-2", "col-start-3", "col-start-4", "col-start-5", "col-start-6", "col-start-7", "col-start-8", "col-start-9", "col-start-10", "col-start-11", "col-start-12", "col-start-13", "col-start-14", "col-start-15", "col-start-16", "col-start-17", "col-start-18", "col-start-19", "col-start-20", "col-start-21", "col-start-22", "col-start-23", "col-start-24"];
// prettier-ignore
const COL_SPAN = ["col-span-1", "col-span-2", "col-span-3", "col-span-4", "col-span-5", "col-span-6", "col-span-7", "col-span-8", "col-span-9", "col-span-10", "col-span-11", "col-span-12", "col-span-13", "col-span-14", "col-span-15", "col-span-16", "col-span-17", "col-span-18", "col-span-19", "col-span-20", "col-span-21", "col-span-22", "col-span-23", "col-span-24"];

/** The line's hour marks, one every four half hours. */
export const LINE_HOURS = ["7 AM", "9 AM", "11 AM", "1 PM", "3 PM", "5 PM"];

/** The job's column classes on the line. */
export function placeOnLine(slot: string, minutes: number) {
  const first = Math.floor((startMinutes(slot) - LINE_FROM) / STEP_MINUTES);
  const start = Math.min(STEPS - 2, Math.max(0, first));
  // At least two half hours, so the card has room for its words.
  const span = Math.min(STEPS - start, Math.max(2, Math.ceil(minutes / STEP_MINUTES)));
  return `${COL_START[start]} ${COL_SPAN[span - 1]}`;
}

function DayLine({ cleaner, date }: { cleaner: DispatchCleaner; date: string }) {
  const jobs = cleaner.jobs.filter((job) => job.date === date);
  const off = isOff(cleaner, date);
  return (
    <div
      className={`grid min-h-12 grid-cols-24 gap-y-1 rounded-md ${off ? "bg-ink/5 dark:bg-ivory/10" : "bg-ink/[0.02]"}`}
    >
      {off && (
        <div className="col-span-full">
          <TimeOff />
        </div>
      )}
      {jobs.map((job) => (
        <div key={job.bookingId} className={`p-0.5 ${placeOnLine(job.slot, job.minutesOnSite)}`}>
          <JobCard job={job} />
        </div>
      ))}
    </div>
  );
}
