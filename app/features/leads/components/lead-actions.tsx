import { createContext, useContext } from "react";
import { Link } from "react-router";
import { ConfirmDialog, Dialog } from "~/components/kit/dialog";
import { ErrorState } from "~/components/kit/error-state";
import { buttonClasses } from "~/components/ui/button";
import { LEADS_TEXT, type LeadSummary } from "../leads";
import { LeadDetailsView } from "./lead-details-view";
import { useLeadActionState, type LeadActionState } from "./use-lead-action-state";

/** What /admin/quotes answers to a move, a delete or a restore. */
export type LeadActionResult = {
  intent: "move" | "delete" | "restore" | "unknown";
  id?: string;
  ok: boolean;
  message: string;
  /** A move to Lost refused for want of a reason (docs/decisions/0057-paid-work-to-lost-needs-a-reason.md) */
  fieldErrors?: { reason?: string };
};

type LeadActions = {
  manage: (lead: Pick<LeadSummary, "id" | "name">) => void;
  askDelete: (lead: LeadSummary, returnFocusTo: string) => void;
  /** Shows a failure the spec only logged (a move, a refresh), until dismissed. */
  reportProblem: (message: string) => void;
};

const LeadActionsContext = createContext<LeadActions | null>(null);

export function useLeadActions() {
  const actions = useContext(LeadActionsContext);
  if (!actions) throw new Error("useLeadActions needs a LeadActionsProvider");
  return actions;
}

/**
 * The list's and the board's shared actions: the details dialog (its data from
 * /admin/quotes/{id}'s loader), Delete with its confirmation and an Undo toast, and a
 * dismissible banner for failures.
 */
export function LeadActionsProvider({
  problem: loadProblem,
  children,
}: {
  problem?: string | null;
  children: React.ReactNode;
}) {
  const state = useLeadActionState(loadProblem);
  const { manage, askDelete, reportProblem } = state;
  return (
    <LeadActionsContext.Provider value={{ manage, askDelete, reportProblem }}>
      {state.shownProblem && (
        <div className="mb-4">
          <ErrorState title={state.shownProblem}>
            <button
              type="button"
              className="mt-1 min-h-11 font-semibold underline"
              onClick={state.dismissProblem}
            >
              Dismiss
            </button>
          </ErrorState>
        </div>
      )}
      {children}
      <LeadDetailsDialog
        viewing={state.viewing}
        details={state.details}
        close={() => state.setViewing(null)}
      />
      <ConfirmDialog
        title={
          state.confirming ? `Delete the lead for ${state.confirming.lead.name}?` : "Delete lead?"
        }
        description="It leaves the list, the board and the counts. You can undo this for a few seconds."
        confirmLabel="Delete lead"
        open={state.confirming !== null}
        onOpenChange={(open) => !open && state.setConfirming(null)}
        returnFocusTo={state.returnFocusTo}
        onConfirm={state.confirmDelete}
      />
    </LeadActionsContext.Provider>
  );
}

/** The details dialog: its data from /admin/quotes/{id}'s loader. */
function LeadDetailsDialog({
  viewing,
  details,
  close,
}: {
  viewing: LeadActionState["viewing"];
  details: LeadActionState["details"];
  close: () => void;
}) {
  const lead = details.data?.lead;
  return (
    <Dialog
      title={viewing ? `Quote details: ${viewing.name}` : "Quote details"}
      open={viewing !== null}
      onOpenChange={(open) => !open && close()}
    >
      {details.state !== "idle" || !details.data ? (
        <p aria-live="polite">Loading…</p>
      ) : lead ? (
        <>
          <LeadDetailsView lead={lead} />
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            <Link
              to={`/admin/quotes/${lead.id}`}
              className="inline-flex min-h-11 items-center font-semibold underline"
            >
              Open as a page
            </Link>
            <button type="button" className={buttonClasses("ink")} onClick={close}>
              Close
            </button>
          </div>
        </>
      ) : (
        <p>{LEADS_TEXT.notFound}</p>
      )}
    </Dialog>
  );
}
