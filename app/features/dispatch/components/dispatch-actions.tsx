import { createContext, useContext, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import type { AssignOptions, AssignResult } from "~/features/assignments/assignments";
import { DISPATCH_TEXT, type DispatchBoard, type DispatchJob } from "../dispatch";

// The board's two requests, shared by the drag and the Offer to… menus: who is free for a job
// (the Assign Cleaner panel's own answer, docs/decisions/0042-who-is-free-for-a-job.md), and the
// offer itself, whose answer the page announces.

/** Whether a cleaner can take the job now being offered, and if not why. */
export type Fit = { free: boolean; reason: string | null };

type DispatchActions = {
  /** The job whose cleaners were last asked about, and their answers once they came */
  checking: { job: DispatchJob; fits: Map<string, Fit> | null; blocked: string | null } | null;
  /** Asks who is free for the job (on a drag's start or a menu's opening) */
  check: (job: DispatchJob) => void;
  offer: (job: DispatchJob, cleanerId: string) => void;
  /** The cleaners already offered each job, by booking */
  onJob: Map<string, Set<string>>;
  /** The last offer's answer, or what is being sent */
  status: { tone: "info" | "ok" | "error"; message: string } | null;
};

const Context = createContext<DispatchActions | null>(null);

export function useDispatchActions() {
  const actions = useContext(Context);
  if (!actions) throw new Error("useDispatchActions outside DispatchActionsProvider");
  return actions;
}

export function DispatchActionsProvider({
  board,
  children,
}: {
  board: DispatchBoard;
  children: React.ReactNode;
}) {
  const options = useFetcher<AssignOptions>({ key: "dispatch-options" });
  const sent = useFetcher<AssignResult>({ key: "dispatch-offer" });
  const [job, setJob] = useState<DispatchJob | null>(null);
  const [offering, setOffering] = useState<string | null>(null);

  const onJob = useMemo(() => {
    const map = new Map<string, Set<string>>();
    for (const cleaner of board.cleaners) {
      for (const held of cleaner.jobs) {
        const set = map.get(held.bookingId) ?? new Set<string>();
        set.add(cleaner.id);
        map.set(held.bookingId, set);
      }
    }
    return map;
  }, [board.cleaners]);

  const loaded = job && options.state === "idle" && options.data?.lead?.id === job.quoteId;
  const checking = job
    ? {
        job,
        fits: loaded
          ? new Map(
              options.data!.cleaners.map((c) => [
                c.id,
                { free: c.reason === null, reason: c.reason },
              ]),
            )
          : null,
        blocked: loaded ? options.data!.lead!.blocked : null,
      }
    : null;

  const check = (next: DispatchJob) => {
    setJob(next);
    if (options.data?.lead?.id !== next.quoteId || options.state !== "idle") {
      void options.load(`/admin/assign-cleaner?quote=${encodeURIComponent(next.quoteId)}`);
    }
  };
  const offer = (target: DispatchJob, cleanerId: string) => {
    setOffering(board.cleaners.find((c) => c.id === cleanerId)?.name ?? null);
    void sent.submit(
      { bookingId: target.bookingId, cleanerId },
      { method: "post", action: "/admin/dispatch" },
    );
  };

  let status: DispatchActions["status"] = null;
  if (sent.state !== "idle") {
    status = { tone: "info", message: `Offering the job to ${offering ?? "the cleaner"}…` };
  } else if (sent.data) {
    status = { tone: sent.data.ok ? "ok" : "error", message: sent.data.message };
  }

  return (
    <Context.Provider value={{ checking, check, offer, onJob, status }}>
      {children}
    </Context.Provider>
  );
}

/** A cleaner's fit for the job being checked: already on it, not taking jobs, or the rule's word. */
export function fitOf(
  actions: Pick<DispatchActions, "checking" | "onJob">,
  cleaner: { id: string; takesJobs: boolean },
): Fit | null {
  if (!cleaner.takesJobs) return { free: false, reason: DISPATCH_TEXT.notTakingJobs };
  const { checking } = actions;
  if (!checking) return null;
  if (actions.onJob.get(checking.job.bookingId)?.has(cleaner.id)) {
    return { free: false, reason: "Already offered this job" };
  }
  if (checking.blocked) return { free: false, reason: checking.blocked };
  return checking.fits?.get(cleaner.id) ?? null;
}
