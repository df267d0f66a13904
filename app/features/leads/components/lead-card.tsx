import type { LeadStatus } from "~/server/database";
import { LEADS_TEXT, type LeadSummary } from "../leads";
import { useLeadActions } from "./lead-actions";
import { LeadActionsMenu, MoveToMenu } from "./lead-menus";
import { RequestTag } from "./request-tag";

/** The card's Move to… button, where focus returns after the Lost dialog. */
export const moveTriggerId = (leadId: string) => `move-${leadId}`;

/**
 * One board card: client, service, total, the job's date once booked (the lead's age before),
 * the crew, the latest offer still waiting or turned down, the overdue flag, its menus and View
 * Details. `handle` is the drag handle once the board is interactive.
 */
export function LeadCard({
  lead,
  column,
  onMove,
  handle,
}: {
  lead: LeadSummary;
  column: LeadStatus;
  onMove: (to: LeadStatus) => void;
  handle?: React.ReactNode;
}) {
  const { manage, askDelete } = useLeadActions();

  const triggerId = `card-actions-${lead.id}`;
  return (
    <article
      aria-labelledby={`card-${lead.id}`}
      className="rounded-md border border-line bg-white p-3 text-sm shadow-sm dark:border-ivory/15 dark:bg-ink"
    >
      {/* The handle and the menu share the top row, so a narrow column keeps the name whole. */}
      <div className="-mx-1 -mt-1 flex items-center justify-between gap-1">
        {handle ?? <span />}
        <LeadActionsMenu
          lead={lead}
          triggerId={triggerId}
          onManage={() => manage(lead)}
          onDelete={() => askDelete(lead, triggerId)}
        />
      </div>
      <h3 id={`card-${lead.id}`} className="font-semibold break-words">
        {lead.name}
      </h3>
      <p className="flex flex-wrap items-center gap-1">
        {lead.service}
        <RequestTag lead={lead} />
      </p>
      <p className="mt-1 font-semibold">{lead.total ?? "Total to quote"}</p>
      <CardJob lead={lead} />
      {lead.followUps > 0 && (
        <p className="mt-1 text-muted dark:text-mist">{LEADS_TEXT.followedUp(lead.followUps)}</p>
      )}
      {lead.quoteOverdue && (
        <p className="mt-1 font-semibold text-danger dark:text-red-300">
          {LEADS_TEXT.overdueQuote}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-1">
        <MoveToMenu
          lead={lead}
          current={column}
          onMove={onMove}
          triggerId={moveTriggerId(lead.id)}
        />
        <button
          type="button"
          onClick={() => manage(lead)}
          className="min-h-11 rounded-md px-2 font-semibold underline underline-offset-4"
        >
          View Details
          <span className="sr-only"> for {lead.name}</span>
        </button>
      </div>
    </article>
  );
}

/** The job's date once booked (the lead's age before), its crew, and an offer still open or turned down. */
function CardJob({ lead }: { lead: LeadSummary }) {
  return (
    <>
      {lead.jobDate ? (
        <p data-testid="card-job-date">
          <span className="font-semibold">Job date:</span> {lead.jobDate}
        </p>
      ) : (
        <p className="text-muted dark:text-mist">
          <time dateTime={lead.created.iso} title={lead.created.label}>
            {lead.created.age} ago
          </time>
        </p>
      )}
      {(lead.jobDate || lead.assignment) && (
        <p data-testid="card-crew">
          <span className="font-semibold">Crew:</span>{" "}
          {lead.crew.length > 0 ? lead.crew.join(", ") : LEADS_TEXT.noCrew}
          {lead.staffing && <> · {lead.staffing}</>}
        </p>
      )}
      {lead.assignment && lead.assignment.status !== "accepted" && (
        <p>
          {lead.assignment.label}: {lead.assignment.cleaner}
          {lead.assignment.expires && <> · Expires {lead.assignment.expires}</>}
        </p>
      )}
    </>
  );
}
