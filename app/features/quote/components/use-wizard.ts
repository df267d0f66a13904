import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/site/use-hydrated";
import type { ServiceType } from "../quote.schema";
import {
  initialWizardState,
  loadWizard,
  saveWizard,
  type WizardState,
  type WizardStep,
} from "./wizard-state";

/**
 * The wizard's state, saved in sessionStorage on every change, and focus moved to the step's
 * heading whenever the step changes (not on the first render). The server renders a first
 * visit's screen (the service choice, or step 1 when the service is set); once mounted in the
 * browser, a visit that was under way is restored from sessionStorage. Starting from the same
 * screen as the server's HTML, hydration moves nothing on the page.
 */
export function useWizard(storageKey: string, serviceType?: ServiceType, cleaner?: string) {
  const [state, setState] = useState<WizardState>(() => initialWizardState(serviceType, cleaner));
  // Read once the page has hydrated (adjusting state while rendering, as React advises, rather
  // than in an effect); nothing is saved before, or the fresh state would overwrite the visit.
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(false);
  if (hydrated && !restored) {
    setRestored(true);
    const stored = loadWizard(storageKey);
    // A Book Now from a cleaner's profile wins over an older preference (D20).
    if (stored) setState(cleaner ? { ...stored, preferredCleanerId: cleaner } : stored);
  }

  useEffect(() => {
    if (restored) saveWizard(storageKey, state);
  }, [restored, storageKey, state]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [state.step]);

  const goTo = useCallback((step: WizardStep) => {
    moved.current = true;
    setState((s) => ({ ...s, step }));
  }, []);

  return { state, setState, goTo, headingRef };
}
