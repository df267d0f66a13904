import { useEffect } from "react";
import { useFetcher } from "react-router";
import { LEADS_TEXT } from "../leads";
import { useLeadActions, type LeadActionResult } from "./lead-actions";

export const MOVE_FETCHER_PREFIX = "lead-move-";

// A failed move is reported once, however often its answer is rendered.
const reported = new WeakSet<object>();

/**
 * Reports a lead's moves that the server refused. The board renders one for each lead moved
 * since it loaded and keeps it mounted: the card that asked cannot report, because it moves to
 * the new column while the move is pending and back when it fails, so it remounts, and React
 * Router drops a keyed fetcher's answer once no mounted component uses that key.
 */
export function FailedMoveReport({ leadId, name }: { leadId: string; name: string }) {
  const { reportProblem } = useLeadActions();
  const move = useFetcher<LeadActionResult>({ key: `${MOVE_FETCHER_PREFIX}${leadId}` });
  const result = move.state === "idle" ? move.data : undefined;
  useEffect(() => {
    if (!result || result.ok || reported.has(result)) return;
    reported.add(result);
    // A refusal with a reason of its own says it after the lead's name; a failure says it once.
    const detail = result.message === LEADS_TEXT.moveFailed ? name : `${name}: ${result.message}`;
    reportProblem(`${LEADS_TEXT.moveFailed} (${detail})`);
  }, [result, reportProblem, name]);
  return null;
}
