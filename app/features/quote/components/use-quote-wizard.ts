import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { QuoteActionData } from "../quote-action.server";
import { firstStepWithError, stepOfField, type QuoteStepNumber } from "../quote-step-fields";
import type { QuoteRequestInput, ServiceType } from "../quote.schema";
import { useQuoteChecks } from "./use-quote-checks";
import { useWizard } from "./use-wizard";
import { clearWizard, type PreferredCleaner, type SetWizard } from "./wizard-state";

export type QuoteWizardState = ReturnType<typeof useQuoteWizard>;
/** Next's reason while the checks are fetched: it keeps Next disabled; untouched, it never shows. */
const CHECKS_PENDING = "The answers are not checked yet.";
type WizardPayload = QuoteRequestInput;

/**
 * The wizard's state and its post: which step was checked by Generate Quote, which one the
 * customer has touched, and the server's answer (a redirect starts afresh; refused fields send
 * the customer back to the first step that asks for one).
 */
export function useQuoteWizard(
  storageKey: string,
  serviceType: ServiceType | undefined,
  cleaner: PreferredCleaner | undefined,
) {
  const { state, setState, goTo, headingRef } = useWizard(storageKey, serviceType, cleaner);
  const fetcher = useFetcher<QuoteActionData>();
  const [incomplete, setIncomplete] = useState(false);
  // The step Generate Quote sent the customer back to: every message of it shows beside its
  // field (until then a field speaks once typed in, and Next's reason covers the rest).
  const [checkedStep, setCheckedStep] = useState<QuoteStepNumber | null>(null);
  // A step says what is missing only once the customer has touched it (or was sent
  // back to it); on arrival Next is disabled with a neutral hint, not an error.
  const [touchedStep, setTouchedStep] = useState<QuoteStepNumber | null>(null);
  const submitting = fetcher.state !== "idle";
  const checks = useQuoteChecks(state.step !== 0);

  // The action answered with a redirect: the quote is stored, so the wizard starts afresh.
  useEffect(() => {
    if (fetcher.state === "loading" && fetcher.data === undefined) clearWizard(storageKey);
  }, [fetcher.state, fetcher.data, storageKey]);

  // The server refused some fields: back to the first step that asks for one, focus on it.
  const answered = useRef<object | undefined>(undefined);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const refusedStep = answer ? firstStepWithError(answer.fieldErrors) : null;
  useEffect(() => {
    if (!answer || answered.current === answer) return;
    answered.current = answer;
    if (refusedStep !== null) goTo(refusedStep, { toProblem: true });
  }, [answer, refusedStep, goTo]);

  const chooseService = (service: ServiceType) => {
    setState((s) => ({
      ...s,
      serviceType: service,
      spaceDetails:
        s.serviceType === service ? s.spaceDetails : { ...s.spaceDetails, type: undefined },
    }));
    goTo(1);
  };
  const removePreferredCleaner = () =>
    setState((s) => ({ ...s, preferredCleanerId: undefined, preferredCleanerName: undefined }));
  const setFromStep =
    (step: QuoteStepNumber): SetWizard =>
    (update) => {
      if (step !== 6) setTouchedStep(step);
      setState(update);
    };
  const checkBeforeSubmit = (event: React.FormEvent<HTMLFormElement>, payload: WizardPayload) => {
    // Not fetched yet (the review step was restored on arrival): the press waits for them.
    if (!checks) return event.preventDefault();
    const invalid = checks.firstInvalidStep(payload);
    setIncomplete(invalid !== null);
    if (invalid !== null) {
      event.preventDefault();
      setCheckedStep(invalid);
      goTo(invalid, { toProblem: true });
    }
  };
  return {
    checks,
    state,
    goTo,
    headingRef,
    fetcher,
    submitting,
    incomplete,
    checkedStep,
    touchedStep,
    refusedStep,
    chooseService,
    removePreferredCleaner,
    setFromStep,
    checkBeforeSubmit,
  };
}

/**
 * What a step shows: its messages (once checked or refused; the server's stand until the next
 * submit, the browser's own follow every change), Next's reason, and whether it was touched.
 * `live` is every message of the step now, shown or not. Until the checks are fetched, Next
 * waits with the neutral hint and no message shows.
 */
export function stepFeedback(
  wizard: QuoteWizardState,
  step: QuoteStepNumber,
  payload: WizardPayload,
) {
  const { checkedStep, refusedStep, touchedStep, checks } = wizard;
  const errors = step === 6 || !checks ? {} : checks.validateQuoteStep(step, payload);
  const serverErrors = Object.fromEntries(
    Object.entries(wizard.fetcher.data?.fieldErrors ?? {}).filter(
      ([path]) => stepOfField(path) === step,
    ),
  );
  const shown = checkedStep === step || refusedStep === step ? { ...serverErrors, ...errors } : {};
  if (!checks && step !== 6) {
    return { shown, live: errors, reason: CHECKS_PENDING, touched: false };
  }
  const reason = Object.values(errors)[0];
  const touched = touchedStep === step || checkedStep === step || refusedStep === step;
  return { shown, live: errors, reason, touched };
}
