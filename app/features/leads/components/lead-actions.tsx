import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog, Dialog } from "~/components/kit/dialog";
import { ErrorState } from "~/components/kit/error-state";
import { useToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import type { LeadDetails } from "../lead-details";
import { LEADS_TEXT, type LeadSummary } from "../leads";
import { LeadDetailsView } from "./lead-details-view";

/** What /admin/quotes answers to a move, a delete or a restore. */
export type LeadActionResult = {
  intent: "move" | "delete" | "restore" | "unknown";
  id?: string;
  ok: boolean;
  message: string;
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
// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
export function LeadActionsProvider({
  problem: loadProblem,
  children,
}: {
  problem?: string | null;
  children: React.ReactNode;
}) {
  const toast = useToast();
  const details = useFetcher<{ lead: LeadDetails | null }>();
  const deletion = useFetcher<LeadActionResult>({ key: "lead-delete" });
  const [viewing, setViewing] = useState<{ id: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState<{ lead: LeadSummary; focus: string } | null>(null);
  // Kept after the dialog closes, so focus can go back to that lead's menu button.
  const [returnFocusTo, setReturnFocusTo] = useState<string>();
  const [problem, setProblem] = useState<string | null>(null);
  const [dismissedLoadProblem, setDismissedLoadProblem] = useState<string | null>(null);

  const manage = useCallback(
    (lead: Pick<LeadSummary, "id" | "name">) => {
      setViewing({ id: lead.id, name: lead.name });
      details.load(`/admin/quotes/${lead.id}`);
    },
    // details.load is stable enough for our use; the fetcher object changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const askDelete = useCallback((lead: LeadSummary, focus: string) => {
    setReturnFocusTo(focus);
    setConfirming({ lead, focus });
  }, []);
  const reportProblem = useCallback((message: string) => setProblem(message), []);

  // A delete's answer: a toast with Undo (which restores it), or the failure.
  const answered = useRef<object | undefined>(undefined);
  const result = deletion.state === "idle" ? deletion.data : undefined;
  useEffect(() => {
    if (!result || answered.current === result) return;
    answered.current = result;
    if (!result.ok) {
      toast({ tone: "failed", title: result.message });
      return;
    }
    if (result.intent === "delete" && result.id) {
      const id = result.id;
      toast({
        tone: "deleted",
        title: result.message,
        undo: {
          onUndo: () =>
            void deletion.submit(
              { intent: "restore", id },
              { method: "post", action: "/admin/quotes" },
            ),
        },
      });
    } else {
      toast({ tone: "saved", title: result.message });
    }
  }, [result, toast, deletion]);

  const shownLoadProblem = loadProblem && loadProblem !== dismissedLoadProblem ? loadProblem : null;
  const shownProblem = problem ?? shownLoadProblem;
  const lead = details.data?.lead;

  return (
    <LeadActionsContext.Provider value={{ manage, askDelete, reportProblem }}>
      {shownProblem && (
        <div className="mb-4">
          <ErrorState title={shownProblem}>
            <button
              type="button"
              className="mt-1 min-h-11 font-semibold underline"
              onClick={() => {
                setProblem(null);
                setDismissedLoadProblem(loadProblem ?? null);
              }}
            >
              Dismiss
            </button>
          </ErrorState>
        </div>
      )}
      {children}
      <Dialog
        title={viewing ? `Quote details: ${viewing.name}` : "Quote details"}
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
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
              <button
                type="button"
                className={buttonClasses("ink")}
                onClick={() => setViewing(null)}
              >
                Close
              </button>
            </div>
          </>
        ) : (
          <p>{LEADS_TEXT.notFound}</p>
        )}
      </Dialog>
      <ConfirmDialog
        title={confirming ? `Delete the lead for ${confirming.lead.name}?` : "Delete lead?"}
        description="It leaves the list, the board and the counts. You can undo this for a few seconds."
        confirmLabel="Delete lead"
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        returnFocusTo={returnFocusTo}
        onConfirm={() => {
          if (!confirming) return;
          void deletion.submit(
            { intent: "delete", id: confirming.lead.id },
            { method: "post", action: "/admin/quotes" },
          );
        }}
      />
    </LeadActionsContext.Provider>
  );
}
