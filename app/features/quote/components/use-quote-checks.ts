import { useEffect, useState } from "react";
import type * as QuoteSteps from "../quote-steps";

export type QuoteChecks = typeof QuoteSteps;

// The steps' checks (quote-steps.ts) carry the schemas and zod, about a sixth of the page's
// JavaScript: they are fetched once the customer has chosen a service and a step needs them,
// not with the page (docs/decisions/0090-form-checks-on-demand.md).
const loadChecks = () => import("../quote-steps");

/** The wizard's checks once `needed` and fetched; null until then (Next waits, neutrally). */
export function useQuoteChecks(needed: boolean): QuoteChecks | null {
  const [checks, setChecks] = useState<QuoteChecks | null>(null);
  useEffect(() => {
    if (!needed || checks) return;
    let current = true;
    loadChecks().then(
      (module) => current && setChecks(module),
      // Offline, say: Next stays disabled with its neutral hint, and the next step tries again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, checks]);
  return checks;
}
