import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { HONEYPOT_FIELD } from "~/components/site/forms/form-field";
import { useFocusConfirmation } from "~/components/site/use-focus-confirmation";
import { removeSessionValue, useSessionState } from "~/components/site/use-session-state";
import { APPLICATION_REDIRECT_MS, APPLICATION_STEP_COUNT } from "../application-copy";
import {
  applicationFormData,
  firstErrorField,
  firstInvalidStep,
  INITIAL_ANSWERS,
  INITIAL_PAYMENT,
  stepErrors,
  type ApplicationActionData,
  type ApplicationAnswers,
  type PaymentAnswers,
} from "../application-form";
import { stepOfField, type ApplicationField } from "../application.schema";
import { fieldId } from "./answer-fields";
import type { Errors } from "./application-steps";

const STORAGE_KEY = "hg-application";

export type ApplicationWizardState = ReturnType<typeof useApplicationWizard>;
type SetAnswers = ReturnType<typeof useSessionState<ApplicationAnswers>>[1];
type FocusField = { name: ApplicationField } | null;

/**
 * The wizard's answers (kept for a refresh; the payment details in memory only), the steps
 * whose messages show, and the moves: Next checks the step, the last step posts it all.
 */
export function useApplicationWizard() {
  const fetcher = useFetcher<ApplicationActionData>();
  const [answers, setAnswers] = useSessionState<ApplicationAnswers>(STORAGE_KEY, INITIAL_ANSWERS, {
    restore: (stored, initial) => ({ ...initial, ...stored }),
  });
  const [payment, setPaymentState] = useState<PaymentAnswers>(INITIAL_PAYMENT);
  /** Steps whose messages show: from the first Next on, they follow the answers as they change. */
  const [checked, setChecked] = useState<number[]>([]);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [focusField, setFocusField] = useState<FocusField>(null);
  /** False until the applicant moves between steps: the first render neither scrolls nor focuses. */
  const [moved, setMoved] = useState(false);

  const step = Math.min(Math.max(answers.step, 1), APPLICATION_STEP_COUNT);
  const submitting = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const succeeded = result?.status === "success";
  const confirmation = useFocusConfirmation<HTMLDivElement>(succeeded);
  useServerAnswer(result, { setServerErrors, setMoved, setAnswers, setFocusField });
  const headingRef = useStepFocus(moved, step, focusField);
  useSuccessRedirect(succeeded);

  const set = (change: Partial<ApplicationAnswers>) => {
    setAnswers((current) => ({ ...current, ...change }));
    setServerErrors({});
  };
  const setPayment = (change: Partial<PaymentAnswers>) => {
    setPaymentState((current) => ({ ...current, ...change }));
    setServerErrors({});
  };
  const liveErrors = checked.includes(step) ? stepErrors(step, answers, payment) : {};
  const errors: Errors = { ...liveErrors, ...serverErrors };

  function goTo(next: number) {
    setMoved(true);
    setAnswers((current) => ({ ...current, step: next }));
  }

  function next() {
    const name = firstErrorField(stepErrors(step, answers, payment));
    if (name) {
      setChecked((list) => (list.includes(step) ? list : [...list, step]));
      setFocusField({ name });
      return;
    }
    goTo(step + 1);
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step !== APPLICATION_STEP_COUNT || submitting) return;
    const invalid = firstInvalidStep(answers, payment);
    if (invalid !== null) {
      setChecked((list) => [...list, invalid]);
      goTo(invalid);
      return;
    }
    const form = applicationFormData(answers, payment);
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    if (typeof honeypot === "string" && honeypot !== "") form.append(HONEYPOT_FIELD, honeypot);
    void fetcher.submit(form, { method: "post" });
  }

  return {
    step,
    answers,
    payment,
    errors,
    set,
    setPayment,
    result,
    succeeded,
    submitting,
    confirmation,
    headingRef,
    goTo,
    next,
    submit,
  };
}

/**
 * The server's messages take the applicant to the step of the first field named (adjusting
 * state while rendering, as React advises, rather than in an effect).
 */
function useServerAnswer(
  result: ApplicationActionData | undefined,
  setters: {
    setServerErrors: (errors: Errors) => void;
    setMoved: (moved: boolean) => void;
    setAnswers: SetAnswers;
    setFocusField: (field: FocusField) => void;
  },
) {
  const [seen, setSeen] = useState<ApplicationActionData | undefined>(undefined);
  if (!result || result === seen) return;
  setSeen(result);
  if (result.status === "success") return;
  const fieldErrors = result.fieldErrors ?? {};
  setters.setServerErrors(fieldErrors);
  const name = firstErrorField(fieldErrors);
  if (!name) return;
  setters.setMoved(true);
  setters.setAnswers((current) => ({ ...current, step: stepOfField(name) }));
  setters.setFocusField({ name });
}

/** Each step change: smooth scroll to the top, focus on the step's heading; or on a field named. */
function useStepFocus(moved: boolean, step: number, focusField: FocusField) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!moved) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    headingRef.current?.focus({ preventScroll: true });
  }, [moved, step]);

  useEffect(() => {
    if (focusField) document.getElementById(fieldId(focusField.name))?.focus();
  }, [focusField]);
  return headingRef;
}

/** Success: what was kept is cleared, and the applicant goes home after 3 seconds. */
function useSuccessRedirect(succeeded: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!succeeded) return;
    removeSessionValue(STORAGE_KEY);
    const timer = window.setTimeout(
      () => void navigate("/", { replace: true }),
      APPLICATION_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);
}
