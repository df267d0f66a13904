import { FilterForm, FilterSelect } from "~/components/kit/filter-form";
import { DASHBOARD_PERIODS, PERIOD_LABELS, type DashboardPeriod } from "../dashboard.schema";

/** The period select (docs/product/back-office.md#dashboard). */
export function PeriodForm({ period }: { period: DashboardPeriod }) {
  return (
    <FilterForm>
      <FilterSelect
        id="dashboard-period"
        label="Period"
        name="period"
        value={period}
        options={DASHBOARD_PERIODS}
        labels={PERIOD_LABELS}
      />
    </FilterForm>
  );
}
