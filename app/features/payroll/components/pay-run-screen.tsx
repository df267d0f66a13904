import { useId } from "react";
import { Form, Link, useSubmit } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { DataTable, type Column } from "~/components/kit/data-table";
import { ConfirmDialog } from "~/components/kit/dialog";
import { PageHeader } from "~/components/kit/page-header";
import { StatusBadge } from "~/components/kit/status-badge";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney, formatShortDate } from "~/lib/format";
import { hoursOf } from "../pay-run-summary";
import { PAYROLL_TEXT } from "../payroll.schema";
import { EMPLOYMENT_LABELS, periodLabel, RUN_STATUS_LABELS } from "../payroll-labels";
import type { getPayRun } from "../pay-runs.service.server";
import { LINK, type PayrollActionResult } from "./payroll-ui";

type Details = NonNullable<Awaited<ReturnType<typeof getPayRun>>>;
type Pay = Details["pays"][number];

const PAY_COLUMNS: Column<Pay>[] = [
  {
    key: "cleaner",
    header: "Cleaner",
    cell: (p) => (
      <>
        {p.name}
        <span className="block text-xs text-muted dark:text-mist">
          {EMPLOYMENT_LABELS[p.employmentType]}
        </span>
      </>
    ),
  },
  { key: "jobs", header: "Jobs", cell: (p) => p.jobs, className: "tabular-nums" },
  { key: "hours", header: "Hours", cell: (p) => hoursOf(p.minutes), className: "tabular-nums" },
  {
    key: "earned",
    header: "Earned",
    cell: (p) => formatMoney(p.baseCents),
    className: "tabular-nums",
  },
  {
    key: "adjustments",
    header: "Adjustments",
    cell: (p) => formatMoney(p.adjustmentCents),
    className: "tabular-nums",
  },
  {
    key: "withheld",
    header: "Withheld",
    cell: (p) => formatMoney(p.withholdingCents),
    className: "tabular-nums",
  },
  {
    key: "tips",
    header: "Tips",
    cell: (p) => (p.tipsCents ? formatMoney(p.tipsCents) : "—"),
    className: "tabular-nums",
  },
  {
    key: "net",
    header: "Paid to cleaner",
    cell: (p) => formatMoney(p.netCents),
    className: "text-right tabular-nums font-semibold",
  },
  {
    key: "super",
    header: "Super",
    cell: (p) => (p.employmentType === "employee" ? formatMoney(p.superCents) : "—"),
    className: "tabular-nums",
  },
];

/** One pay run: what it pays each cleaner, its files and its next step. */
export function PayRunScreen({
  details,
  result,
}: {
  details: Details;
  result: PayrollActionResult | undefined;
}) {
  useResultToast(result);
  const { run, pays, totals } = details;
  return (
    <>
      <PageHeader
        title={`Pay run ${run.reference}`}
        intro={periodLabel(run.period_start, run.period_end)}
        actions={<RunActions details={details} />}
      />
      <p className="mb-4">
        <Link to="/admin/pay-runs" className={LINK}>
          All pay runs
        </Link>
      </p>
      <AdminPanel className="mb-6" labelledBy="run-summary-heading">
        <h2 id="run-summary-heading" className="sr-only">
          Summary
        </h2>
        <dl className="grid gap-4 sm:grid-cols-5">
          <Figure label="Status">
            <StatusBadge kind="payRun" status={run.status} label={RUN_STATUS_LABELS[run.status]} />
          </Figure>
          <Figure label="Paid to cleaners">{formatMoney(totals.netCents)}</Figure>
          <Figure label="Tax withheld">{formatMoney(totals.withholdingCents)}</Figure>
          <Figure label="Tips passed on">{formatMoney(totals.tipsCents)}</Figure>
          <Figure label="Super owed">{formatMoney(totals.superCents)}</Figure>
        </dl>
        {details.paidOn && (
          <p className="mt-4 text-sm">Marked paid on {formatShortDate(details.paidOn)}.</p>
        )}
        <p className="mt-4 text-sm text-muted dark:text-mist">{PAYROLL_TEXT.noTax}</p>
        <RunFiles runId={run.id} status={run.status} />
      </AdminPanel>
      <DataTable
        caption={`What pay run ${run.reference} pays each cleaner`}
        rows={pays}
        rowKey={(p) => p.cleanerId}
        columns={PAY_COLUMNS}
        params={new URLSearchParams()}
        empty={{ title: "This run pays no one" }}
      />
    </>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase dark:text-mist">
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function RunActions({ details }: { details: Details }) {
  const { run } = details;
  if (run.status === "draft") {
    return (
      <>
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <button type="submit" className={buttonClasses("ink", "min-h-11")}>
            Approve pay run
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={buttonClasses("outline", "min-h-11")}>
            Delete draft
          </button>
        </Form>
      </>
    );
  }
  if (run.status === "approved") return <MarkRunPaid details={details} />;
  return null;
}

/** Paying records the run's cost in the ledger and emails every cleaner: confirmed first. */
function MarkRunPaid({ details }: { details: Details }) {
  const submit = useSubmit();
  const triggerId = useId();
  return (
    <ConfirmDialog
      title={`Mark pay run ${details.run.reference} paid?`}
      description={`${formatMoney(details.totals.netCents)} to ${details.totals.cleaners} cleaners is recorded as paid and each is emailed a remittance advice. Only do this once your bank has made the payments.`}
      confirmLabel="Mark paid"
      returnFocusTo={triggerId}
      onConfirm={() => void submit({ intent: "pay" }, { method: "post" })}
      trigger={
        <button id={triggerId} type="button" className={buttonClasses("ink", "min-h-11")}>
          Mark paid
        </button>
      }
    />
  );
}

function RunFiles({ runId, status }: { runId: string; status: Details["run"]["status"] }) {
  const files = `/admin/pay-runs/${runId}/files`;
  return (
    <ul className="mt-4 flex flex-wrap gap-x-6">
      <li>
        <a href={`${files}/lines.csv`} className={LINK}>
          Lines (CSV)
        </a>
      </li>
      <li>
        <a href={`${files}/xero-bills.csv`} className={LINK}>
          Xero bills (CSV)
        </a>
      </li>
      {status !== "draft" && (
        <li>
          <a href={`${files}/bank.aba`} className={LINK}>
            Bank file (ABA)
          </a>
        </li>
      )}
    </ul>
  );
}
