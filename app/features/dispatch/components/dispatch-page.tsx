import { Link } from "react-router";
import { PageHeader } from "~/components/kit/page-header";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { stepDate } from "~/features/schedule/schedule";
import { formatLongDate } from "~/lib/format";
import { DISPATCH_TEXT, dispatchHref, type DispatchBoard } from "../dispatch";
import { DispatchActionsProvider, useDispatchActions } from "./dispatch-actions";
import { DispatchBoardView } from "./dispatch-board";
import { DispatchList } from "./dispatch-list";

const toggle = (active: boolean) =>
  `inline-flex min-h-11 items-center px-4 text-sm font-semibold ${
    active
      ? "bg-ink text-ivory dark:bg-gold dark:text-ink"
      : "hover:bg-ink/5 dark:hover:bg-ivory/10"
  }`;

const VIEWS = [
  ["day", "Day"],
  ["week", "Week"],
] as const;

const stepLink = buttonClasses("outline", "px-4 dark:border-ivory/25 dark:text-ivory");

export function DispatchPage({ board }: { board: DispatchBoard }) {
  const hydrated = useHydrated();
  const { view, date, days } = board;
  const range =
    view === "day"
      ? formatLongDate(date)
      : `${formatLongDate(days[0]!)} to ${formatLongDate(days[6]!)}`;
  const waiting = board.needsCleaners.length;
  const unit = view === "day" ? "day" : "week";
  const steps = [
    [`Previous ${unit}`, stepDate(view, date, -1)],
    ["Today", board.today],
    [`Next ${unit}`, stepDate(view, date, 1)],
  ] as const;
  return (
    <DispatchActionsProvider board={board}>
      <PageHeader
        title={DISPATCH_TEXT.title}
        intro={`${range}: ${waiting} ${waiting === 1 ? "job needs" : "jobs need"} cleaners.`}
      />
      <nav aria-label="Dispatch dates" className="mb-4 flex flex-wrap items-center gap-3">
        <div className="inline-flex overflow-hidden rounded-md border border-ink/25 dark:border-ivory/25">
          {VIEWS.map(([v, label]) => (
            <Link
              key={v}
              to={dispatchHref(v, date)}
              aria-current={v === view ? "page" : undefined}
              className={toggle(v === view)}
            >
              {label}
            </Link>
          ))}
        </div>
        {steps.map(([label, to]) => (
          <Link key={label} to={dispatchHref(view, to)} className={stepLink}>
            {label}
          </Link>
        ))}
        <form method="get" action="/admin/dispatch" className="flex items-center gap-2">
          <input type="hidden" name="view" value={view} />
          <label htmlFor="dispatch-date" className="text-sm font-semibold">
            Date
          </label>
          <input
            id="dispatch-date"
            type="date"
            name="date"
            defaultValue={date}
            className="min-h-11 rounded-md border border-ink/25 bg-white px-2 text-sm dark:border-ivory/25 dark:bg-ink"
          />
          <button type="submit" className={stepLink}>
            Show
          </button>
        </form>
      </nav>
      <OfferStatus />
      <div className="hidden lg:block">
        <DispatchBoardView board={board} draggable={hydrated} />
      </div>
      <div className="lg:hidden">
        <DispatchList board={board} />
      </div>
    </DispatchActionsProvider>
  );
}

/** The last offer's answer, announced: a refusal as an alert, anything else politely. */
function OfferStatus() {
  const { status } = useDispatchActions();
  const error = status?.tone === "error";
  return (
    <div className="mb-4 min-h-6 text-sm">
      <p role="status" className={status?.tone === "ok" ? "font-semibold text-success" : ""}>
        {!error && status?.message}
      </p>
      <p role="alert" className="font-semibold text-danger dark:text-red-200">
        {error && status.message}
      </p>
    </div>
  );
}
