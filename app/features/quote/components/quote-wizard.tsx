import { Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Honeypot } from "~/components/site/forms/form-field";
import type { QuoteActionData } from "../quote-action.server";
import { QUOTE_STEP_TITLES } from "../quote-copy";
import { QUOTE_WIZARD_MESSAGES } from "../quote-messages";
import {
  firstInvalidStep,
  firstStepWithError,
  stepOfField,
  validateQuoteStep,
  type QuoteFieldErrors,
  type QuoteStepNumber,
} from "../quote-steps";
import type { ServiceType } from "../quote.schema";
import { ServiceChoice } from "./service-choice";
import { StepContact } from "./step-contact";
import { StepLevel } from "./step-level";
import { StepPhotos } from "./step-photos";
import { StepPreferences } from "./step-preferences";
import { StepReview } from "./step-review";
import { StepSpace } from "./step-space";
import { useWizard } from "./use-wizard";
import { WizardNav } from "./wizard-nav";
import { WizardStepper } from "./wizard-stepper";
import { PreferredCleanerNote } from "./preferred-cleaner-note";
import {
  clearWizard,
  toPayload,
  type PreferredCleaner,
  type SetWizard,
  type WizardState,
} from "./wizard-state";

// The quote wizard (docs/product/public-site.md#quote-wizard and docs/product/public-site.md#validation-rules): the service choice, then six steps, then a POST
// of the payload to this route's action, which redirects to /quote-result?ref=… (docs/decisions/0005-durable-references.md).

/** A step's props: `errors` holds the messages to show beside its fields now. */
export type StepProps = { state: WizardState; set: SetWizard; errors: QuoteFieldErrors };
const STEPS: Record<Exclude<QuoteStepNumber, 6>, (props: StepProps) => React.ReactNode> = {
  1: StepSpace,
  2: StepLevel,
  3: StepPreferences,
  4: StepPhotos,
  5: StepContact,
};

// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
export function QuoteWizard({
  storageKey,
  serviceType,
  cleaner,
}: {
  storageKey: string;
  serviceType?: ServiceType;
  cleaner?: PreferredCleaner;
}) {
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

  const preferred = (
    <PreferredCleanerNote
      name={state.preferredCleanerId ? state.preferredCleanerName : undefined}
      onRemove={() =>
        setState((s) => ({ ...s, preferredCleanerId: undefined, preferredCleanerName: undefined }))
      }
    />
  );

  if (state.step === 0) {
    return (
      <>
        {preferred}
        <ServiceChoice
          headingRef={headingRef}
          onChoose={(service) => {
            setState((s) => ({
              ...s,
              serviceType: service,
              spaceDetails:
                s.serviceType === service ? s.spaceDetails : { ...s.spaceDetails, type: undefined },
            }));
            goTo(1);
          }}
        />
      </>
    );
  }

  const step = state.step;
  const payload = toPayload(state);
  const errors = step === 6 ? {} : validateQuoteStep(step, payload);
  // The server's messages for this step stand until the next submit; the browser's own follow
  // every change.
  const serverErrors = Object.fromEntries(
    Object.entries(fetcher.data?.fieldErrors ?? {}).filter(([path]) => stepOfField(path) === step),
  );
  const shown = checkedStep === step || refusedStep === step ? { ...serverErrors, ...errors } : {};
  const reason = Object.values(errors)[0];
  const touched = touchedStep === step || checkedStep === step || refusedStep === step;
  const setFromStep: SetWizard = (update) => {
    if (step !== 6) setTouchedStep(step);
    setState(update);
  };
  const back = () => goTo(step === 1 ? (serviceType ? 1 : 0) : ((step - 1) as QuoteStepNumber));
  const failure = fetcher.data?.formError;
  const Step = step === 6 ? null : STEPS[step];

  return (
    <div className="mx-auto max-w-3xl">
      {preferred}
      <WizardStepper step={step} />
      <section aria-labelledby="quote-step-heading" className="mt-8">
        <h2
          id="quote-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mb-6 font-display text-3xl font-medium outline-none"
        >
          {QUOTE_STEP_TITLES[step - 1]}
        </h2>
        {Step ? (
          <Step state={state} set={setFromStep} errors={shown} />
        ) : (
          <StepReview state={state} goTo={goTo} />
        )}
      </section>
      {step < 6 ? (
        <WizardNav
          onBack={step === 1 && serviceType ? undefined : back}
          onNext={() => goTo((step + 1) as QuoteStepNumber)}
          reason={reason}
          showReason={touched}
        />
      ) : (
        <WizardNav onBack={back}>
          <fetcher.Form
            method="post"
            onSubmit={(event) => {
              const invalid = firstInvalidStep(payload);
              setIncomplete(invalid !== null);
              if (invalid !== null) {
                event.preventDefault();
                setCheckedStep(invalid);
                goTo(invalid, { toProblem: true });
              }
            }}
          >
            <input type="hidden" name="payload" value={JSON.stringify(payload)} />
            <Honeypot />
            <button
              type="submit"
              disabled={submitting}
              className={buttonClasses("gold", "w-full sm:w-auto")}
            >
              <Sparkles aria-hidden="true" className="size-4" strokeWidth={1.5} />
              {submitting ? "Analyzing Space..." : "Generate Quote"}
            </button>
          </fetcher.Form>
        </WizardNav>
      )}
      <div role="alert" className="mt-6 empty:hidden">
        {((incomplete && firstInvalidStep(payload) !== null) || (failure && !submitting)) && (
          <p className="rounded-md border border-danger/40 bg-danger/5 px-4 py-3 font-semibold text-danger">
            {incomplete && firstInvalidStep(payload) !== null
              ? QUOTE_WIZARD_MESSAGES.incomplete
              : failure || "Failed to process quote"}
          </p>
        )}
      </div>
    </div>
  );
}
