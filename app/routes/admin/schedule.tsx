import { Link } from "react-router";
import { PageHeader } from "~/components/kit/page-header";
import { buttonClasses } from "~/components/ui/button";
import { refuseMutation, requirePermission } from "~/features/auth/require-staff.server";
import { ScheduleGrid, ScheduleList } from "~/features/schedule/components/schedule-views";
import {
  readScheduleQuery,
  scheduleHref,
  stepDate,
  type ScheduleView,
} from "~/features/schedule/schedule";
import { getSchedule } from "~/features/schedule/schedule.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { sydneyDate } from "~/lib/sydney-time";
import type { Route } from "./+types/schedule";
import { formatLongDate } from "~/lib/format";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Schedule");

// /admin/schedule: the bookings of a day or a week by slot, so the office
// sees tomorrow's work at a glance and spots a job without a cleaner.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "leads.view");
  const now = new Date();
  const { view, date } = readScheduleQuery(new URL(request.url).searchParams, sydneyDate(now));
  return { schedule: await getSchedule(context.db, { view, date, now }) };
}

// The schedule changes nothing: a POST is refused as every read-only admin page refuses it.
export async function action({ request, context }: Route.ActionArgs) {
  return refuseMutation(request, context, "leads.view");
}

const toggle = (active: boolean) =>
  `inline-flex min-h-11 items-center px-4 text-sm font-semibold ${
    active
      ? "bg-ink text-ivory dark:bg-gold dark:text-ink"
      : "hover:bg-ink/5 dark:hover:bg-ivory/10"
  }`;

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  const { schedule } = loaderData;
  const { view, date, days } = schedule;
  const range =
    view === "day"
      ? formatLongDate(date)
      : `${formatLongDate(days[0]!.date)} to ${formatLongDate(days[6]!.date)}`;
  const jobs = days.reduce((sum, day) => sum + day.jobs, 0);
  const unassigned = days.reduce(
    (sum, day) => sum + day.slots.reduce((n, s) => n + s.jobs.filter((j) => !j.cleaner).length, 0),
    0,
  );
  const step = (to: ScheduleView) => scheduleHref(to, date);
  return (
    <>
      <PageHeader
        title="Schedule"
        intro={`${range}: ${jobs} ${jobs === 1 ? "job" : "jobs"}, ${unassigned} unassigned.`}
      />
      <nav aria-label="Schedule dates" className="mb-5 flex flex-wrap items-center gap-3">
        <div className="inline-flex overflow-hidden rounded-md border border-ink/25 dark:border-ivory/25">
          {(["day", "week"] as const).map((v) => (
            <Link
              key={v}
              to={step(v)}
              aria-current={v === view ? "page" : undefined}
              className={toggle(v === view)}
            >
              {v === "day" ? "Day" : "Week"}
            </Link>
          ))}
        </div>
        <Link
          to={scheduleHref(view, stepDate(view, date, -1))}
          className={buttonClasses("outline", "px-4 dark:border-ivory/25 dark:text-ivory")}
        >
          {view === "day" ? "Previous day" : "Previous week"}
        </Link>
        <Link
          to={scheduleHref(view, schedule.today)}
          className={buttonClasses("outline", "px-4 dark:border-ivory/25 dark:text-ivory")}
        >
          Today
        </Link>
        <Link
          to={scheduleHref(view, stepDate(view, date, 1))}
          className={buttonClasses("outline", "px-4 dark:border-ivory/25 dark:text-ivory")}
        >
          {view === "day" ? "Next day" : "Next week"}
        </Link>
      </nav>
      <div className="hidden lg:block">
        <ScheduleGrid schedule={schedule} />
      </div>
      <div className="lg:hidden">
        <ScheduleList schedule={schedule} />
      </div>
    </>
  );
}
