import { Link } from "react-router";
import { DataTable, type Column, type PageLink } from "~/components/kit/data-table";
import { StatusBadge } from "~/components/kit/status-badge";
import { LEADS_TEXT, type LeadSummary } from "../leads";
import { useLeadActions } from "./lead-actions";
import { LeadActionsMenu } from "./lead-menus";
import { RequestTag } from "./request-tag";

const actionsId = (lead: LeadSummary) => `lead-actions-${lead.id}`;

/** docs/product/back-office.md#lead-management: the list view's four columns. */
export function LeadsTable({
  leads,
  params,
  pages,
}: {
  leads: LeadSummary[];
  params: URLSearchParams;
  pages: { previous?: PageLink; next?: PageLink };
}) {
  const { manage, askDelete } = useLeadActions();
  return (
    <DataTable
      caption="Leads"
      rows={leads}
      rowKey={(lead) => lead.id}
      columns={leadColumns(manage, askDelete)}
      params={params}
      pages={pages}
      empty={{ title: LEADS_TEXT.empty }}
    />
  );
}

type LeadActions = ReturnType<typeof useLeadActions>;

/** The lead's customer page, once the lead has a customer account. */
function CustomerPageLink({ lead }: { lead: LeadSummary }) {
  if (!lead.customerHref) return null;
  return (
    <Link
      to={lead.customerHref}
      className="inline-flex min-h-11 items-center text-sm font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
    >
      Customer page<span className="sr-only">: {lead.name}</span>
    </Link>
  );
}

function leadColumns(
  manage: LeadActions["manage"],
  askDelete: LeadActions["askDelete"],
): Column<LeadSummary>[] {
  return [
    {
      key: "client",
      header: "Client Details",
      cell: (lead) => (
        <>
          <button
            type="button"
            onClick={() => manage(lead)}
            className="min-h-11 text-left font-semibold underline-offset-4 hover:underline"
          >
            {lead.name}
          </button>
          <span className="block break-all text-muted dark:text-mist">{lead.email}</span>
          {lead.phone && <span className="block text-muted dark:text-mist">{lead.phone}</span>}
          <span className="block text-xs text-muted dark:text-mist">{lead.reference}</span>
          <CustomerPageLink lead={lead} />
        </>
      ),
    },
    {
      key: "info",
      header: "Lead Info",
      cell: (lead) => (
        <>
          <span className="flex flex-wrap items-center gap-2 font-semibold">
            {lead.service}
            <RequestTag lead={lead} />
          </span>
          <span className="block">
            {[lead.level, lead.hours === null ? null : `${lead.hours} h`]
              .filter(Boolean)
              .join(" · ") || "Not priced yet"}
          </span>
          <span className="block">{lead.total ?? "Total to quote"}</span>
          <span className="block text-xs text-muted dark:text-mist">
            Created <time dateTime={lead.created.iso}>{lead.created.label}</time>
          </span>
        </>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (lead) => (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge kind="quote" status={lead.status} label={lead.statusLabel} />
          {lead.quoteOverdue && (
            <span className="text-xs font-semibold text-danger dark:text-red-300">
              {LEADS_TEXT.overdueQuote}
            </span>
          )}
        </div>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "w-12 text-right",
      cell: (lead) => (
        <LeadActionsMenu
          lead={lead}
          triggerId={actionsId(lead)}
          onManage={() => manage(lead)}
          onDelete={() => askDelete(lead, actionsId(lead))}
        />
      ),
    },
  ];
}
