import { Form, Link, useNavigation } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { DataTable, type Column } from "~/components/kit/data-table";
import { Field, NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { PageHeader } from "~/components/kit/page-header";
import { StatusBadge } from "~/components/kit/status-badge";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { PAYROLL_TEXT } from "../payroll.schema";
import { periodLabel, RUN_STATUS_LABELS } from "../payroll-labels";
import type { getPayRunsScreen } from "../pay-runs.service.server";
import { LINK, type PayrollActionResult } from "./payroll-ui";

type Screen = Awaited<ReturnType<typeof getPayRunsScreen>>;
type Run = Screen["runs"][number];

const RUN_COLUMNS: Column<Run>[] = [
  {
    key: "reference",
    header: "Run",
    cell: (r) => (
      <Link to={`/admin/pay-runs/${r.id}`} className={`${LINK} font-mono`}>
        {r.reference}
      </Link>
    ),
  },
  { key: "period", header: "Period", cell: (r) => periodLabel(r.period_start, r.period_end) },
  {
    key: "status",
    header: "Status",
    cell: (r) => (
      <StatusBadge kind="payRun" status={r.status} label={RUN_STATUS_LABELS[r.status]} />
    ),
  },
  { key: "cleaners", header: "Cleaners", cell: (r) => r.cleaners, className: "tabular-nums" },
  { key: "lines", header: "Jobs", cell: (r) => r.lines, className: "tabular-nums" },
  {
    key: "gross",
    header: "Earned",
    cell: (r) => formatMoney(r.gross_cents),
    className: "text-right tabular-nums",
  },
];

/** docs/decisions/0081-pay-runs-pay-a-line-once.md: the runs, and a draft built for a period. */
export function PayRunsScreen({
  screen,
  result,
}: {
  screen: Screen;
  result: PayrollActionResult | undefined;
}) {
  useResultToast(result);
  const navigation = useNavigation();
  const building = navigation.state !== "idle" && navigation.formData?.get("intent") === "build";
  return (
    <>
      <PageHeader
        title="Pay runs"
        intro="A draft gathers every approved line of its period that no other run holds, per cleaner. Approve it, pay it through your bank with its ABA file, then mark it paid to send each cleaner their remittance."
        actions={
          <Link to="/admin/timesheets" className={buttonClasses("outline", "min-h-11")}>
            Timesheets
          </Link>
        }
      />
      <AdminPanel labelledBy="build-run-heading" className="mb-6">
        <h2 id="build-run-heading" className="text-lg font-semibold">
          Draft a pay run
        </h2>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="build" />
          <Field id="run-period" label="Pay period">
            {(aria) => (
              <NativeSelect {...aria} name="period">
                {screen.periods.map((p) => (
                  <option key={p.start} value={`${p.start}/${p.end}`}>
                    {periodLabel(p.start, p.end)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <button type="submit" className={buttonClasses("ink", "min-h-11")} disabled={building}>
            {building ? "Drafting..." : "Draft pay run"}
          </button>
        </Form>
        <div className="mt-3">
          <FormMessage message={result?.intent === "build" ? result.error : undefined} />
        </div>
        <p className="mt-3 text-sm text-muted dark:text-mist">{PAYROLL_TEXT.noTax}</p>
      </AdminPanel>
      <DataTable
        caption="Pay runs"
        rows={screen.runs}
        rowKey={(r) => r.id}
        columns={RUN_COLUMNS}
        params={new URLSearchParams()}
        empty={{ title: "No pay runs yet" }}
      />
    </>
  );
}
