import { Link } from "react-router";
import { scheduleHref, type Schedule, type ScheduleDay, type ScheduleSlot } from "../schedule";
import { ScheduleJobCard } from "./schedule-job";
import { formatLongDate, formatShortDate, formatTimeSlot } from "~/lib/format";

// A slot has no fixed capacity: how many jobs it takes depends on who is free
// (docs/decisions/0060-crews-and-cleaner-holds.md), so the schedule counts what is booked.
function SlotLoad({ slot }: { slot: ScheduleSlot }) {
  return <span className="text-xs text-muted dark:text-mist">{slot.booked} booked</span>;
}

/** The jobs a week's slot does not list, as a link to their day (which lists every job). */
function MoreJobs({ slot, date }: { slot: ScheduleSlot; date: string }) {
  if (slot.more <= 0) return null;
  return (
    <Link
      to={scheduleHref("day", date)}
      className="inline-flex min-h-6 items-center text-sm font-semibold underline underline-offset-2"
    >
      {slot.more} more {slot.more === 1 ? "job" : "jobs"}
      <span className="sr-only">
        {" "}
        at {formatTimeSlot(slot.slot)} on {formatShortDate(date)}
      </span>
    </Link>
  );
}

/** 1280 px: a table with the slots as rows and the days as columns. */
export function ScheduleGrid({ schedule }: { schedule: Schedule }) {
  const slots = [...new Set(schedule.days.flatMap((d) => d.slots.map((s) => s.slot)))];
  return (
    <section aria-labelledby="schedule-grid-title">
      <h2 id="schedule-grid-title" className="sr-only">
        {schedule.view === "day"
          ? formatLongDate(schedule.days[0]!.date)
          : `Week of ${formatLongDate(schedule.days[0]!.date)}`}
      </h2>
      <table className="w-full table-fixed border-collapse text-left">
        <caption className="sr-only">
          Bookings by time slot, {schedule.view === "day" ? "one day" : "Monday to Sunday"}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="w-24 border-b border-line p-2 text-sm dark:border-ivory/10">
              Slot
            </th>
            {schedule.days.map((day) => (
              <th
                key={day.date}
                scope="col"
                aria-current={day.date === schedule.today ? "date" : undefined}
                className={`border-b border-line p-2 text-sm dark:border-ivory/10 ${day.date === schedule.today ? "text-gold-deep dark:text-gold" : ""}`}
              >
                {schedule.view === "day" ? formatLongDate(day.date) : formatShortDate(day.date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slots.map((time) => (
            <tr key={time}>
              <th
                scope="row"
                className="border-b border-line p-2 align-top text-sm dark:border-ivory/10"
              >
                {formatTimeSlot(time)}
              </th>
              {schedule.days.map((day) => {
                const slot = day.slots.find((s) => s.slot === time);
                return (
                  <td
                    key={day.date}
                    className="border-b border-line p-1.5 align-top dark:border-ivory/10"
                  >
                    {slot && slot.booked > 0 && (
                      <div className="mb-1">
                        <SlotLoad slot={slot} />
                      </div>
                    )}
                    <div className="grid gap-1.5">
                      {slot?.jobs.map((job) => (
                        <ScheduleJobCard
                          key={job.bookingId}
                          job={job}
                          date={formatShortDate(day.date)}
                          slot={time}
                          level="h3"
                        />
                      ))}
                      {slot && <MoreJobs slot={slot} date={day.date} />}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** 390 px: each day under its own heading, then each booked slot and its jobs. */
export function ScheduleList({ schedule }: { schedule: Schedule }) {
  return (
    <div className="grid gap-6">
      {schedule.days.map((day) => (
        <DaySection key={day.date} day={day} schedule={schedule} />
      ))}
    </div>
  );
}

function DaySection({ day, schedule }: { day: ScheduleDay; schedule: Schedule }) {
  const booked = day.slots.filter((s) => s.jobs.length > 0);
  return (
    <section aria-labelledby={`day-${day.date}`}>
      <h2 id={`day-${day.date}`} className="font-display text-xl font-medium">
        {formatLongDate(day.date)}
        {day.date === schedule.today && <span className="text-muted dark:text-mist"> (today)</span>}
      </h2>
      {booked.length === 0 ? (
        <p className="mt-1 text-sm text-muted dark:text-mist">No bookings</p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {booked.map((slot) => (
            <li key={slot.slot}>
              <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                {formatTimeSlot(slot.slot)} <SlotLoad slot={slot} />
              </h3>
              <div className="mt-1 grid gap-2">
                {slot.jobs.map((job) => (
                  <ScheduleJobCard
                    key={job.bookingId}
                    job={job}
                    date={formatShortDate(day.date)}
                    slot={slot.slot}
                    level="h4"
                  />
                ))}
                <MoreJobs slot={slot} date={day.date} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
