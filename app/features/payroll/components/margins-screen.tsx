import { AdminPanel } from "~/components/admin/admin-page";
import { DataTable, type Column } from "~/components/kit/data-table";
import { PageHeader } from "~/components/kit/page-header";
import { formatMonth, formatMoney, formatShortDate } from "~/lib/format";
import type { MarginGroup } from "../margins";
import type { getMargins } from "../margins.service.server";
import { serviceLabel } from "../payroll-labels";

type Margins = Awaited<ReturnType<typeof getMargins>>;
type Job = Margins["jobs"][number];

const percent = (value: number | null) => (value === null ? "—" : `${value}%`);

function figureColumns<Row extends MarginGroup | Job>(): Column<Row>[] {
  return [
    {
      key: "revenue",
      header: "Revenue",
      cell: (r) => formatMoney(r.revenueCents),
      className: "text-right tabular-nums",
    },
    {
      key: "labour",
      header: "Labour",
      cell: (r) => formatMoney(r.labourCents),
      className: "text-right tabular-nums",
    },
    {
      key: "fees",
      header: "Fees",
      cell: (r) => (r.feesCents === null ? "—" : formatMoney(r.feesCents)),
      className: "text-right tabular-nums",
    },
    {
      key: "margin",
      header: "Margin",
      cell: (r) => formatMoney(r.marginCents),
      className: "text-right tabular-nums font-semibold",
    },
    {
      key: "percent",
      header: "Margin %",
      cell: (r) => percent(r.marginPercent),
      className: "text-right tabular-nums",
    },
  ];
}

function GroupTable({
  caption,
  label,
  rows,
  name,
}: {
  caption: string;
  label: string;
  rows: MarginGroup[];
  name?: (key: string) => string;
}) {
  const columns: Column<MarginGroup>[] = [
    { key: "key", header: label, cell: (g) => (name ? name(g.key) : g.key) },
    { key: "jobs", header: "Jobs", cell: (g) => g.jobs, className: "tabular-nums" },
    ...figureColumns<MarginGroup>(),
  ];
  return (
    <section aria-label={caption} className="mb-8">
      <h2 className="mb-3 text-lg font-semibold">{caption}</h2>
      <DataTable
        caption={caption}
        rows={rows}
        rowKey={(g) => g.key}
        columns={columns}
        params={new URLSearchParams()}
        empty={{ title: "No completed jobs" }}
      />
    </section>
  );
}

/** What each job, service, suburb and month earned after paying the crew. */
export function MarginsScreen({ margins, params }: { margins: Margins; params: URLSearchParams }) {
  const { total } = margins;
  const nextParams = new URLSearchParams(params);
  if (margins.next) nextParams.set("after", margins.next);
  const first = new URLSearchParams(params);
  first.delete("after");
  const jobColumns: Column<Job>[] = [
    {
      key: "date",
      header: "Date",
      cell: (j) => formatShortDate(j.scheduled_date),
      className: "whitespace-nowrap",
    },
    { key: "job", header: "Job", cell: (j) => <span className="font-mono">{j.reference}</span> },
    { key: "service", header: "Service", cell: (j) => serviceLabel(j.service_type) },
    { key: "suburb", header: "Suburb", cell: (j) => j.suburb ?? "—" },
    ...figureColumns<Job>(),
  ];
  return (
    <>
      <PageHeader
        title="Margins"
        intro={`Completed jobs from ${formatShortDate(margins.range.from)} to ${formatShortDate(margins.range.to)}. Revenue is what customers paid less refunds and GST; labour is the timesheets' pay plus super; payment fees show once the provider reports them.`}
      />
      <AdminPanel className="mb-8" labelledBy="margin-total-heading">
        <h2 id="margin-total-heading" className="sr-only">
          All jobs
        </h2>
        <dl className="grid gap-4 sm:grid-cols-4">
          {[
            ["Revenue", formatMoney(total.revenueCents)],
            ["Labour", formatMoney(total.labourCents)],
            ["Margin", formatMoney(total.marginCents)],
            ["Margin %", percent(total.marginPercent)],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-muted uppercase dark:text-mist">
                {label}
              </dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums" data-figure={label}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </AdminPanel>
      <GroupTable
        caption="By service"
        label="Service"
        rows={margins.byService}
        name={serviceLabel}
      />
      <GroupTable caption="By suburb" label="Suburb" rows={margins.bySuburb} />
      <GroupTable caption="By month" label="Month" rows={margins.byMonth} name={formatMonth} />
      <section aria-label="Jobs" className="mb-8">
        <h2 className="mb-3 text-lg font-semibold">Jobs, newest first ({margins.jobCount})</h2>
        <DataTable
          caption="Jobs"
          rows={margins.jobs}
          rowKey={(j) => j.id}
          columns={jobColumns}
          params={params}
          pages={{
            previous: margins.after
              ? { href: `?${first.toString()}`, label: "Newest jobs" }
              : undefined,
            next: margins.next
              ? { href: `?${nextParams.toString()}`, label: "Older jobs" }
              : undefined,
          }}
          empty={{ title: "No completed jobs" }}
        />
      </section>
    </>
  );
}
