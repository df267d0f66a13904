import { Sparkles } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { Honeypot } from "~/components/site/forms/form-field";
import { QUOTE_STEP_TITLES } from "../quote-copy";
import { QUOTE_WIZARD_MESSAGES } from "../quote-messages";
import type { QuoteFieldErrors, QuoteStepNumber } from "../quote-step-fields";
import type { QuoteRequestInput, ServiceType } from "../quote.schema";
import { ServiceChoice } from "./service-choice";
import { StepContact } from "./step-contact";
import { StepLevel } from "./step-level";
import { StepPhotos } from "./step-photos";
import { StepPreferences } from "./step-preferences";
import { StepReview } from "./step-review";
import { StepSpace } from "./step-space";
import { stepFeedback, useQuoteWizard, type QuoteWizardState } from "./use-quote-wizard";
import { WizardNav } from "./wizard-nav";
import { WizardStepper } from "./wizard-stepper";
import { PreferredCleanerNote } from "./preferred-cleaner-note";
import { toPayload, type PreferredCleaner, type SetWizard, type WizardState } from "./wizard-state";

// The quote wizard (docs/product/public-site.md#quote-wizard and docs/product/public-site.md#validation-rules): the service choice, then six steps, then a POST
// of the payload to this route's action, which redirects to /quote-result?ref=… (docs/decisions/0005-durable-references.md).

/**
 * A step's props: `errors` holds the messages to show beside its fields now, `live` every
 * message of the step as it stands (for a field that speaks once typed in).
 */
export type StepProps = {
  state: WizardState;
  set: SetWizard;
  errors: QuoteFieldErrors;
  live: QuoteFieldErrors;
};
const STEPS: Record<Exclude<QuoteStepNumber, 6>, (props: StepProps) => React.ReactNode> = {
  1: StepSpace,
  2: StepLevel,
  3: StepPreferences,
  4: StepPhotos,
  5: StepContact,
};

export function QuoteWizard({
  storageKey,
  serviceType,
  cleaner,
}: {
  storageKey: string;
  serviceType?: ServiceType;
  cleaner?: PreferredCleaner;
}) {
  const wizard = useQuoteWizard(storageKey, serviceType, cleaner);
  const { state, goTo, headingRef, fetcher, submitting } = wizard;
  const preferred = (
    <PreferredCleanerNote
      name={state.preferredCleanerId ? state.preferredCleanerName : undefined}
      onRemove={wizard.removePreferredCleaner}
    />
  );

  if (state.step === 0) {
    return (
      <>
        {preferred}
        <ServiceChoice headingRef={headingRef} onChoose={wizard.chooseService} />
      </>
    );
  }

  const step = state.step;
  const payload = toPayload(state);
  const { shown, live, reason, touched } = stepFeedback(wizard, step, payload);
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
          <Step state={state} set={wizard.setFromStep(step)} errors={shown} live={live} />
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
          <GenerateQuoteForm
            fetcher={fetcher}
            payload={payload}
            onSubmit={(event) => wizard.checkBeforeSubmit(event, payload)}
          />
        </WizardNav>
      )}
      <QuoteProblem
        incomplete={
          wizard.incomplete &&
          wizard.checks !== null &&
          wizard.checks.firstInvalidStep(payload) !== null
        }
        failure={failure && !submitting ? failure : undefined}
      />
    </div>
  );
}

/** The last step's post: the whole payload, checked first (an incomplete step is shown). */
function GenerateQuoteForm({
  fetcher,
  payload,
  onSubmit,
}: {
  fetcher: QuoteWizardState["fetcher"];
  payload: QuoteRequestInput;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const submitting = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" onSubmit={onSubmit}>
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
  );
}

/** Generate Quote's answer: the steps left incomplete, or the server's failure. */
function QuoteProblem({ incomplete, failure }: { incomplete: boolean; failure?: string }) {
  return (
    <div role="alert" className="mt-6 empty:hidden">
      {(incomplete || Boolean(failure)) && (
        <p className="rounded-md border border-danger/40 bg-danger/5 px-4 py-3 font-semibold text-danger">
          {incomplete ? QUOTE_WIZARD_MESSAGES.incomplete : failure || "Failed to process quote"}
        </p>
      )}
    </div>
  );
}
