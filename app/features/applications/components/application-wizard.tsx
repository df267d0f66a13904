import { ArrowLeft, ArrowRight, CircleCheck, LoaderCircle } from "lucide-react";
import { Honeypot } from "~/components/site/forms/form-field";
import { CONFIRMATION_CLASS } from "~/components/site/use-focus-confirmation";
import { buttonClasses } from "~/components/ui/button";
import {
  APPLICATION_STEP_COUNT,
  APPLICATION_STEP_TITLES,
  APPLICATION_TEXT,
} from "../application-copy";
import { ApplicationProgress } from "./application-progress";
import {
  AvailabilityStep,
  EquipmentStep,
  ExperienceStep,
  PaymentStep,
  PersonalStep,
} from "./application-steps";
import { ReviewStep } from "./review-step";
import { useApplicationWizard, type ApplicationWizardState } from "./use-application-wizard";

// The application wizard (docs/product/back-office.md#cleaner-application-wizard,
// #statuses-and-flows, #validation-rules, #messages): six steps, Next only when the step's check
// passes (its messages beside the fields, focus on the first), one post of the whole application
// at the end, which the server checks again. The answers survive a refresh, except the payment
// details, which live in memory only.

export function ApplicationWizard() {
  const {
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
  } = useApplicationWizard();

  if (succeeded) return <ApplicationConfirmation confirmation={confirmation} />;

  const banner = result && result.status !== "success" ? result.formError : undefined;
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
        <WizardButtons
          step={step}
          submitting={submitting}
          back={() => goTo(step - 1)}
          next={next}
        />
      </form>
    </div>
  );
}

function ApplicationConfirmation({
  confirmation,
}: {
  confirmation: ApplicationWizardState["confirmation"];
}) {
  return (
    <div
      role="status"
      ref={confirmation}
      tabIndex={-1}
      data-testid="form-confirmation"
      className={`mx-auto max-w-xl rounded-lg border border-success/40 bg-white p-8 text-center ${CONFIRMATION_CLASS}`}
    >
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-success" strokeWidth={1.5} />
      <h2 className="mt-4 font-display text-3xl font-medium">{APPLICATION_TEXT.successTitle}</h2>
      <p className="mt-3 leading-relaxed text-ink-soft">{APPLICATION_TEXT.successBody}</p>
      <p className="mt-4 text-sm text-muted">{APPLICATION_TEXT.redirecting}</p>
    </div>
  );
}

function WizardButtons({
  step,
  submitting,
  back,
  next,
}: {
  step: number;
  submitting: boolean;
  back: () => void;
  next: () => void;
}) {
  return (
    <div className="mt-10 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-between">
      {step > 1 ? (
        <button type="button" onClick={back} className={buttonClasses("outline")}>
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
  );
}
