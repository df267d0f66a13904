import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/kit/toast";
import type { LeadDetails } from "../lead-details";
import type { LeadSummary } from "../leads";
import type { LeadActionResult } from "./lead-actions";

export type LeadActionState = ReturnType<typeof useLeadActionState>;

/**
 * The state behind the list's and the board's shared actions: which lead's details are open,
 * which delete waits for its confirmation, and the failure banner (a failure the spec only
 * logged, or the page's own load problem) until dismissed.
 */
export function useLeadActionState(loadProblem: string | null | undefined) {
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
  const confirmDelete = () => {
    if (!confirming) return;
    void deletion.submit(
      { intent: "delete", id: confirming.lead.id },
      { method: "post", action: "/admin/quotes" },
    );
  };
  const dismissProblem = () => {
    setProblem(null);
    setDismissedLoadProblem(loadProblem ?? null);
  };
  useDeletionToast(deletion);

  const shownLoadProblem = loadProblem && loadProblem !== dismissedLoadProblem ? loadProblem : null;
  return {
    details,
    viewing,
    setViewing,
    confirming,
    setConfirming,
    returnFocusTo,
    manage,
    askDelete,
    reportProblem,
    confirmDelete,
    dismissProblem,
    shownProblem: problem ?? shownLoadProblem,
  };
}

/** A delete's answer: a toast with Undo (which restores it), or the failure. */
function useDeletionToast(deletion: ReturnType<typeof useFetcher<LeadActionResult>>) {
  const toast = useToast();
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
}
