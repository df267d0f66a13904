import { Form, useSubmit } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { DASHBOARD_PERIODS, PERIOD_LABELS, type DashboardPeriod } from "../dashboard.schema";

/**
 * The period select (docs/product/back-office.md#dashboard). A GET form, so it works before JavaScript loads
 * (choose, then Show); once it has, a change submits at once.
 */
export function PeriodForm({ period }: { period: DashboardPeriod }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <div>
        <label htmlFor="dashboard-period" className="block text-sm font-semibold">
          Period
        </label>
        <select
          id="dashboard-period"
          name="period"
          defaultValue={String(period)}
          key={period}
          className="mt-1.5 block min-h-11 rounded-md border border-ink/55 bg-white px-3 py-2 text-base text-ink dark:border-ivory/50 dark:bg-ink dark:text-ivory"
        >
          {DASHBOARD_PERIODS.map((days) => (
            <option key={days} value={days}>
              {PERIOD_LABELS[days]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className={buttonClasses(
          "outline",
          "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
        )}
      >
        Show
      </button>
    </Form>
  );
}
