import { ArrowLeft, ArrowRight, CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Honeypot, HONEYPOT_FIELD } from "~/components/site/forms/form-field";
import { CONFIRMATION_CLASS, useFocusConfirmation } from "~/components/site/use-focus-confirmation";
import { removeSessionValue, useSessionState } from "~/components/site/use-session-state";
import { buttonClasses } from "~/components/ui/button";
import {
  APPLICATION_REDIRECT_MS,
  APPLICATION_STEP_COUNT,
  APPLICATION_STEP_TITLES,
  APPLICATION_TEXT,
} from "../application-copy";
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
import { ApplicationProgress } from "./application-progress";
import {
  AvailabilityStep,
  EquipmentStep,
  ExperienceStep,
  PaymentStep,
  PersonalStep,
  type Errors,
} from "./application-steps";
import { ReviewStep } from "./review-step";

// The application wizard (docs/product/back-office.md#cleaner-application-wizard,
// #statuses-and-flows, #validation-rules, #messages): six steps, Next only when the step's check
// passes (its messages beside the fields, focus on the first), one post of the whole application
// at the end, which the server checks again. The answers survive a refresh, except the payment
// details, which live in memory only.

const STORAGE_KEY = "hg-application";

// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
export function ApplicationWizard() {
  const navigate = useNavigate();
  const fetcher = useFetcher<ApplicationActionData>();
  const [answers, setAnswers] = useSessionState<ApplicationAnswers>(STORAGE_KEY, INITIAL_ANSWERS, {
    restore: (stored, initial) => ({ ...initial, ...stored }),
  });
  const [payment, setPaymentState] = useState<PaymentAnswers>(INITIAL_PAYMENT);
  /** Steps whose messages show: from the first Next on, they follow the answers as they change. */
  const [checked, setChecked] = useState<number[]>([]);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [focusField, setFocusField] = useState<{ name: ApplicationField } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** False until the applicant moves between steps: the first render neither scrolls nor focuses. */
  const [moved, setMoved] = useState(false);
  const [seen, setSeen] = useState<ApplicationActionData | undefined>(undefined);

  const step = Math.min(Math.max(answers.step, 1), APPLICATION_STEP_COUNT);
  const submitting = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const succeeded = result?.status === "success";
  const confirmation = useFocusConfirmation<HTMLDivElement>(succeeded);

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

  // The server's messages take the applicant to the step of the first field named (adjusting
  // state while rendering, as React advises, rather than in an effect).
  if (result && result !== seen) {
    setSeen(result);
    if (result.status !== "success") {
      const fieldErrors = result.fieldErrors ?? {};
      setServerErrors(fieldErrors);
      const name = firstErrorField(fieldErrors);
      if (name) {
        setMoved(true);
        setAnswers((current) => ({ ...current, step: stepOfField(name) }));
        setFocusField({ name });
      }
    }
  }

  // Each step change: smooth scroll to the top, focus on the step's heading.
  useEffect(() => {
    if (!moved) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    headingRef.current?.focus({ preventScroll: true });
  }, [moved, step]);

  useEffect(() => {
    if (focusField) document.getElementById(fieldId(focusField.name))?.focus();
  }, [focusField]);

  // Success: what was kept is cleared, and the applicant goes home after 3 seconds.
  useEffect(() => {
    if (!succeeded) return;
    removeSessionValue(STORAGE_KEY);
    const timer = window.setTimeout(
      () => void navigate("/", { replace: true }),
      APPLICATION_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

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

  if (succeeded) {
    return (
      <div
        role="status"
        ref={confirmation}
        tabIndex={-1}
        data-testid="form-confirmation"
        className={`mx-auto max-w-xl rounded-lg border border-success/40 bg-white p-8 text-center ${CONFIRMATION_CLASS}`}
      >
        <CircleCheck
          aria-hidden="true"
          className="mx-auto size-12 text-success"
          strokeWidth={1.5}
        />
        <h2 className="mt-4 font-display text-3xl font-medium">{APPLICATION_TEXT.successTitle}</h2>
        <p className="mt-3 leading-relaxed text-ink-soft">{APPLICATION_TEXT.successBody}</p>
        <p className="mt-4 text-sm text-muted">{APPLICATION_TEXT.redirecting}</p>
      </div>
    );
  }

  const banner = result?.formError;
  return (
    <div className="mx-auto max-w-3xl">
      <ApplicationProgress step={step} />
      <div role="alert" className="mt-6 empty:hidden">
        {banner && (
          <p className="rounded-md border border-danger/40 bg-danger/5 px-4 py-3 font-semibold text-danger">
            {banner}
          </p>
        )}
      </div>
      <form noValidate onSubmit={submit} className="relative mt-8">
        <Honeypot />
        <section aria-labelledby="apply-step-heading">
          <h2
            id="apply-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-6 font-display text-3xl font-medium outline-none"
          >
            {APPLICATION_STEP_TITLES[step - 1]}
          </h2>
          {step === 1 && <PersonalStep answers={answers} set={set} errors={errors} />}
          {step === 2 && <ExperienceStep answers={answers} set={set} errors={errors} />}
          {step === 3 && <AvailabilityStep answers={answers} set={set} errors={errors} />}
          {step === 4 && <EquipmentStep answers={answers} set={set} errors={errors} />}
          {step === 5 && <PaymentStep payment={payment} setPayment={setPayment} errors={errors} />}
          {step === 6 && <ReviewStep answers={answers} payment={payment} />}
        </section>
        <div className="mt-10 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-between">
          {step > 1 ? (
            <button
              type="button"
              onClick={() => goTo(step - 1)}
              className={buttonClasses("outline")}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </button>
          ) : (
            <span />
          )}
          {step < APPLICATION_STEP_COUNT ? (
            <button key="next" type="button" onClick={next} className={buttonClasses("ink")}>
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </button>
          ) : (
            // A new element (its own key): the click on Next that led here must not submit.
            <button
              key="submit"
              type="submit"
              disabled={submitting}
              className={buttonClasses("gold", "disabled:opacity-70")}
            >
              {submitting && (
                <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              )}
              {submitting ? APPLICATION_TEXT.submitting : APPLICATION_TEXT.submit}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
