import { Form, Link, useNavigation } from "react-router";
import { DataTable, type Column } from "~/components/kit/data-table";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { PageHeader } from "~/components/kit/page-header";
import { StatusBadge } from "~/components/kit/status-badge";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney, formatPlainAmount, formatRate, formatShortDate } from "~/lib/format";
import { hoursOf } from "../pay-run-summary";
import { PAYROLL_TEXT } from "../payroll.schema";
import { loadingLabel, periodLabel } from "../payroll-labels";
import type { getTimesheet } from "../timesheets.service.server";
import { LINK, ROW_BUTTON, type PayrollActionResult } from "./payroll-ui";

type Timesheet = Awaited<ReturnType<typeof getTimesheet>>;
type Line = Timesheet["lines"][number];

/** docs/decisions/0080-pay-rules.md: a period's timesheet lines, adjusted and approved here. */
export function TimesheetsScreen({
  timesheet,
  canApprove,
  result,
}: {
  timesheet: Timesheet;
  canApprove: boolean;
  result: PayrollActionResult | undefined;
}) {
  useResultToast(result);
  const { period, periods, lines } = timesheet;
  const pending = lines.filter((line) => line.status === "pending");
  const columns = lineColumns(canApprove, result);
  return (
    <>
      <PageHeader
        title="Timesheets"
        intro="One line per cleaner per completed job: checked-in hours, or their share of the estimate. Staff adjust pending lines with a reason; an owner approves them, which locks them."
        actions={
          canApprove ? (
            <Link to="/admin/pay-runs" className={buttonClasses("outline", "min-h-11")}>
              Pay runs
            </Link>
          ) : null
        }
      />
      <p className="mb-4 text-sm text-muted dark:text-mist">{PAYROLL_TEXT.noTax}</p>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <Field id="timesheet-period" label="Pay period">
          {(aria) => (
            <NativeSelect {...aria} name="from" defaultValue={period.start}>
              {periods.map((p) => (
                <option key={p.start} value={p.start}>
                  {periodLabel(p.start, p.end)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <button type="submit" className={buttonClasses("outline", "min-h-11")}>
          Show
        </button>
      </Form>
      {canApprove && pending.length > 0 && (
        <Form method="post" className="mb-4">
          <input type="hidden" name="intent" value="approve" />
          {pending.map((line) => (
            <input key={line.id} type="hidden" name="lineIds" value={line.id} />
          ))}
          <button type="submit" className={buttonClasses("ink", "min-h-11")}>
            Approve all {pending.length} pending lines
          </button>
        </Form>
      )}
      <DataTable
        caption={`Timesheet lines, ${periodLabel(period.start, period.end)}`}
        rows={lines}
        rowKey={(l) => l.id}
        columns={columns}
        params={new URLSearchParams()}
        empty={{ title: "No completed jobs in this period" }}
        compact
      />
    </>
  );
}

function workColumns(): Column<Line>[] {
  return [
    {
      key: "date",
      header: "Date",
      cell: (l) => formatShortDate(l.work_date),
    },
    {
      key: "cleaner",
      header: "Cleaner and job",
      cell: (l) => (
        <>
          {l.cleaner_name}
          <span className="block font-mono text-xs text-muted dark:text-mist">
            {l.booking_reference}
          </span>
        </>
      ),
    },
    {
      key: "hours",
      header: "Hours",
      cell: (l) => (
        <>
          {hoursOf(l.minutes)}
          {l.estimated === 1 && (
            <span className="block text-xs text-muted dark:text-mist">estimated</span>
          )}
        </>
      ),
      className: "tabular-nums",
    },
    {
      key: "rate",
      header: "Rate",
      cell: (l) => (
        <>
          {formatRate(l.rate_cents)}/h
          {l.loading_kind && (
            <span className="block text-xs text-muted dark:text-mist">
              {loadingLabel(l.loading_kind, l.loading_percent)}
            </span>
          )}
        </>
      ),
    },
    {
      key: "earned",
      header: "Earned",
      cell: (l) => formatMoney(l.base_cents),
      className: "text-right tabular-nums",
    },
    {
      key: "adjustment",
      header: "Adjustment",
      cell: (l) => (
        <>
          {l.adjustment_cents !== 0 ? formatMoney(l.adjustment_cents) : "—"}
          {l.adjustment_reason && (
            <span className="block text-xs text-muted dark:text-mist">{l.adjustment_reason}</span>
          )}
        </>
      ),
    },
    {
      key: "withheld",
      header: "Withheld",
      cell: (l) => (l.withholding_cents ? formatMoney(l.withholding_cents) : "—"),
      className: "tabular-nums",
    },
    {
      // docs/decisions/0085-tips-ride-in-pay-runs.md: paid with the run of the week it was given.
      key: "tips",
      header: "Tips",
      cell: (l) => (l.tip_cents ? formatMoney(l.tip_cents) : "—"),
      className: "tabular-nums",
    },
  ];
}

function lineColumns(canApprove: boolean, result: PayrollActionResult | undefined): Column<Line>[] {
  return [
    ...workColumns(),
    {
      key: "status",
      header: "Status",
      cell: (l) => (
        <>
          <StatusBadge
            kind="timesheetLine"
            status={l.status}
            label={l.status === "approved" ? "Approved" : "Pending"}
          />
          {l.run_reference && (
            <Link to={`/admin/pay-runs/${l.run_id}`} className={`${LINK} block text-xs`}>
              {l.run_reference}
            </Link>
          )}
        </>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (l) =>
        l.status === "pending" ? (
          <LineActions line={l} canApprove={canApprove} result={result} />
        ) : null,
    },
  ];
}

function LineActions({
  line,
  canApprove,
  result,
}: {
  line: Line;
  canApprove: boolean;
  result: PayrollActionResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("lineId") === line.id;
  const own = result?.lineId === line.id ? result : undefined;
  return (
    <div className="space-y-2">
      {canApprove && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="lineIds" value={line.id} />
          <button
            type="submit"
            className={ROW_BUTTON}
            aria-label={`Approve: ${line.cleaner_name}, ${line.booking_reference}`}
          >
            Approve
          </button>
        </Form>
      )}
      <AdjustLine line={line} result={own} busy={busy} />
    </div>
  );
}

function AdjustLine({
  line,
  result: own,
  busy,
}: {
  line: Line;
  result: PayrollActionResult | undefined;
  busy: boolean;
}) {
  const errors = own?.fieldErrors ?? {};
  const id = (name: string) => `line-${line.id}-${name}`;
  return (
    <details open={Boolean(own?.error)}>
      <summary className={`${ROW_BUTTON} cursor-pointer list-none`}>
        Adjust
        <span className="sr-only">
          : {line.cleaner_name}, {line.booking_reference}
        </span>
      </summary>
      <Form method="post" preventScrollReset className="mt-2 w-64 space-y-2">
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="lineId" value={line.id} />
        <FormMessage message={own?.error} />
        <Field
          id={id("adjustment")}
          label="Adjustment ($, minus to deduct)"
          error={errors.adjustment}
        >
          {(aria) => (
            <Input
              {...aria}
              name="adjustment"
              inputMode="decimal"
              defaultValue={formatPlainAmount(line.adjustment_cents)}
            />
          )}
        </Field>
        <Field id={id("reason")} label="Reason" error={errors.reason}>
          {(aria) => (
            <Input
              {...aria}
              name="reason"
              maxLength={300}
              defaultValue={line.adjustment_reason ?? ""}
            />
          )}
        </Field>
        <Field id={id("withholding")} label="Tax withheld ($)" error={errors.withholding}>
          {(aria) => (
            <Input
              {...aria}
              name="withholding"
              inputMode="decimal"
              defaultValue={formatPlainAmount(line.withholding_cents)}
            />
          )}
        </Field>
        <button type="submit" className={ROW_BUTTON} disabled={busy}>
          {busy ? "Saving..." : "Save line"}
        </button>
      </Form>
    </details>
  );
}
