import { Form, useSubmit } from "react-router";
import { Field, NativeSelect } from "~/components/kit/field";
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
      <Field id="dashboard-period" label="Period">
        {(control) => (
          <NativeSelect
            name="period"
            defaultValue={String(period)}
            key={period}
            className="w-auto"
            {...control}
          >
            {DASHBOARD_PERIODS.map((days) => (
              <option key={days} value={days}>
                {PERIOD_LABELS[days]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
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
