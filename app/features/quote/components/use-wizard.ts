import { useCallback, useEffect, useRef } from "react";
import { useSessionState } from "~/components/site/use-session-state";
import type { ServiceType } from "../quote.schema";
import { useStepHistory } from "./use-step-history";
import {
  initialWizardState,
  reachableStep,
  stepInSearch,
  type PreferredCleaner,
  wizardStorageKey,
  type WizardState,
  type WizardStep,
} from "./wizard-state";

/**
 * The wizard's state, saved in sessionStorage on every change, and focus moved to the step's
 * heading whenever the step changes (not on the first render). The server renders a first
 * visit's screen (the service choice, or step 1 when the service is set); once mounted in the
 * browser, a visit that was under way is restored from sessionStorage. Starting from the same
 * screen as the server's HTML, hydration moves nothing on the page. Each step is a history
 * entry, so the browser's Back and Forward move between steps (use-step-history.ts).
 */
export function useWizard(
  storageKey: string,
  serviceType?: ServiceType,
  cleaner?: PreferredCleaner,
) {
  const initial = initialWizardState(serviceType, cleaner);
  const [state, setState, restored] = useSessionState(wizardStorageKey(storageKey), initial, {
    restore: (stored, start) => restoreWizard(stored, start, cleaner),
  });

  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const focusProblem = useRef(false);

  // A new step's heading takes focus; a step the wizard was sent back to because something in
  // it needs fixing gives it to its first field with a message instead.
  useEffect(() => {
    if (!moved.current) return;
    const problem = focusProblem.current ? firstProblem(headingRef.current) : null;
    focusProblem.current = false;
    (problem ?? headingRef.current)?.focus();
  }, [state.step]);

  const goTo = useCallback(
    (step: WizardStep, options: { toProblem?: boolean } = {}) => {
      moved.current = true;
      focusProblem.current = options.toProblem === true;
      setState((s) => ({ ...s, step }));
      // setState is useState's, so stable
    },
    [setState],
  );

  useStepHistory(state, initial, restored, goTo);

  return { state, setState, goTo, headingRef };
}

/** The first control with a message in the step under `heading` (a field, or a group's option). */
function firstProblem(heading: HTMLElement | null) {
  return (
    heading
      ?.closest("section")
      ?.querySelector<HTMLElement>(
        ':is(input, textarea, select)[aria-invalid="true"], fieldset[aria-describedby$="-error"] input',
      ) ?? null
  );
}

/**
 * A kept visit, when it is the wizard's (otherwise the fresh state), at the step the URL names
 * when it names one (a reload, or an entry of an earlier page load the browser went back to); a
 * Book Now from a cleaner's profile wins over an older preference (docs/decisions/0020-provider-book-now.md).
 */
function restoreWizard(
  stored: Partial<WizardState>,
  initial: WizardState,
  cleaner?: PreferredCleaner,
) {
  if (!("step" in stored)) return initial;
  const named = stepInSearch(window.location.search);
  const kept = stored as WizardState;
  if (named !== 0) kept.step = reachableStep(named, kept, initial);
  return cleaner
    ? { ...kept, preferredCleanerId: cleaner.id, preferredCleanerName: cleaner.name }
    : kept;
}
