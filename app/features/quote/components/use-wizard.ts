import { useCallback, useEffect, useRef, useState } from "react";
import type { ServiceType } from "../quote.schema";
import {
  initialWizardState,
  loadWizard,
  saveWizard,
  type WizardState,
  type WizardStep,
} from "./wizard-state";

/**
 * The wizard's state, restored from sessionStorage and saved on every change, and focus moved to
 * the step's heading whenever the step changes (not on the first render). The wizard is only
 * mounted in the browser, after hydration, so the first render may read sessionStorage.
 */
export function useWizard(storageKey: string, serviceType?: ServiceType, cleaner?: string) {
  const [state, setState] = useState<WizardState>(() => {
    const stored = loadWizard(storageKey);
    if (!stored) return initialWizardState(serviceType, cleaner);
    // A Book Now from a cleaner's profile wins over an older preference (D20).
    return cleaner ? { ...stored, preferredCleanerId: cleaner } : stored;
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    saveWizard(storageKey, state);
  }, [storageKey, state]);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [state.step]);

  const goTo = useCallback((step: WizardStep) => {
    moved.current = true;
    setState((s) => ({ ...s, step }));
  }, []);

  return { state, setState, goTo, headingRef };
}
