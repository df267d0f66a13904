import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import {
  reachableStep,
  searchWithStep,
  stepInSearch,
  type WizardState,
  type WizardStep,
} from "./wizard-state";

/**
 * The wizard's step in the browser's history (docs/decisions/0050-wizard-history-and-suburbs.md):
 * every step the wizard moves to gets an entry of its own (?step=3), the first one after a
 * restore replaces the entry it opened on, and the browser's Back and Forward (a POP to another
 * entry) show that entry's step, the answers kept in the wizard's state.
 */
export function useStepHistory(
  state: WizardState,
  initial: WizardState,
  restored: boolean,
  show: (step: WizardStep) => void,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const latest = useRef({ state, initial, location, show });
  // Kept current after each render; declared first, so the effects below read this render's.
  useEffect(() => {
    latest.current = { state, initial, location, show };
  });
  const synced = useRef(false);
  // The entry last shown: a POP to another one (the page's first entry included) moves the wizard.
  const shown = useRef(location.key);

  useEffect(() => {
    if (!restored) return;
    const { search } = latest.current.location;
    const replace = !synced.current;
    synced.current = true;
    if (stepInSearch(search) === state.step) return;
    void navigate(
      { search: searchWithStep(search, state.step) },
      { replace, preventScrollReset: true },
    );
  }, [restored, state.step, navigate]);

  useEffect(() => {
    if (!restored || location.key === shown.current) return;
    shown.current = location.key;
    if (navigationType !== "POP") return;
    const { state: now, initial: start, show: move } = latest.current;
    const asked = stepInSearch(location.search);
    const step = reachableStep(asked, now, start);
    if (step !== now.step) move(step);
    else if (step !== asked) {
      void navigate({ search: searchWithStep(location.search, step) }, { replace: true });
    }
  }, [restored, navigationType, location.key, location.search, navigate]);
}
