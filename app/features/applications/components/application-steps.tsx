import { Checkbox } from "~/components/kit/field";
import { CheckboxGroup } from "~/components/site/forms/choice-fields";
import {
  APPLICATION_TEXT,
  AVAILABILITY_VALUES,
  ENGLISH_OPTIONS,
  EQUIPMENT_OPTIONS,
  EXPERIENCE_OPTIONS,
  LANGUAGE_VALUES,
  VISA_OPTIONS,
} from "../application-copy";
import { digitsOnly, type ApplicationAnswers, type PaymentAnswers } from "../application-form";
import type { ApplicationField } from "../application.schema";
import { AnswerInput, AnswerSelect, AnswerTextarea, fieldId, ToggleGroup } from "./answer-fields";
import { PhotoField } from "./photo-field";

// The wizard's first five steps (docs/product/back-office.md#cleaner-application-wizard), each a
// controlled view of the answers; the wizard decides when a message shows.

export type Errors = Partial<Record<ApplicationField, string>>;
export type StepProps = {
  answers: ApplicationAnswers;
  set: (change: Partial<ApplicationAnswers>) => void;
  errors: Errors;
};

/** A text answer's name, value, change and message, to spread onto its field. */
function textAnswers<T extends object>(
  values: T,
  set: (change: Partial<T>) => void,
  errors: Errors,
) {
  return <K extends Extract<keyof T, ApplicationField>>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (value: string) => set({ [name]: value } as Partial<T>),
    error: errors[name],
  });
}

export function PersonalStep({ answers, set, errors }: StepProps) {
  const answer = textAnswers(answers, set, errors);
  return (
    <div className="grid gap-6">
      <PhotoField
        photo={answers.photo}
        onChange={(photo) => set({ photo })}
        error={errors.photoId}
      />
      <AnswerInput {...answer("name")} label="Full Name" autoComplete="name" />
      <AnswerInput {...answer("email")} label="Email" type="email" autoComplete="email" />
      <AnswerInput {...answer("phone")} label="Phone Number" type="tel" autoComplete="tel" />
    </div>
  );
}

export function ExperienceStep({ answers, set, errors }: StepProps) {
  const answer = textAnswers(answers, set, errors);
  return (
    <div className="grid gap-6">
      <AnswerSelect
        {...answer("experience")}
        label="Cleaning Experience"
        placeholder="Select experience level"
        options={EXPERIENCE_OPTIONS}
      />
      <AnswerSelect
        {...answer("visaStatus")}
        label="Visa Status"
        placeholder="Select visa status"
        options={VISA_OPTIONS}
      />
      <AnswerSelect
        {...answer("englishProficiency")}
        label="English Proficiency"
        placeholder="Select English level"
        options={ENGLISH_OPTIONS}
      />
      <div className="grid gap-3">
        <Checkbox
          name="hasPoliceCheck"
          id={fieldId("hasPoliceCheck")}
          label="I have a valid Police Check"
          checked={answers.hasPoliceCheck}
          onChange={(event) => set({ hasPoliceCheck: event.target.checked })}
        />
        {answers.hasPoliceCheck && (
          <AnswerInput
            {...answer("policeCheckDate")}
            label="Date of Police Check"
            type="date"
            required
          />
        )}
      </div>
      <div className="grid gap-3">
        <Checkbox
          name="hasAbn"
          id={fieldId("hasAbn")}
          label="I have an ABN"
          checked={answers.hasAbn}
          onChange={(event) => set({ hasAbn: event.target.checked })}
        />
        {answers.hasAbn && (
          <AnswerInput
            {...answer("abnNumber")}
            label="ABN Number"
            placeholder="11 digits"
            hint="Enter exactly 11 digits without spaces"
            inputMode="numeric"
            required
            onChange={(abn) => set({ abnNumber: digitsOnly(abn, 11) })}
          />
        )}
      </div>
      <Checkbox
        name="hasTransport"
        id={fieldId("hasTransport")}
        label="I have my own transport"
        checked={answers.hasTransport}
        onChange={(event) => set({ hasTransport: event.target.checked })}
      />
      <AnswerInput
        {...answer("preferredAreas")}
        label="Preferred Areas"
        placeholder="e.g. Sydney CBD, Eastern Suburbs"
      />
    </div>
  );
}

export function AvailabilityStep({ answers, set, errors }: StepProps) {
  const answer = textAnswers(answers, set, errors);
  return (
    <div className="grid gap-8">
      <ToggleGroup
        name="availability"
        legend="Availability"
        options={AVAILABILITY_VALUES}
        values={answers.availability}
        onChange={(availability) => set({ availability })}
        error={errors.availability}
      />
      <ToggleGroup
        name="languages"
        legend="Languages"
        options={LANGUAGE_VALUES}
        values={answers.languages}
        onChange={(languages) => set({ languages })}
        error={errors.languages}
      />
      <AnswerTextarea {...answer("message")} label="Additional Information" />
    </div>
  );
}

export function EquipmentStep({ answers, set }: StepProps) {
  return (
    <div className="grid gap-6">
      <Checkbox
        name="hasOwnEquipment"
        id={fieldId("hasOwnEquipment")}
        label="I have my own cleaning equipment and supplies"
        checked={answers.hasOwnEquipment}
        onChange={(event) => set({ hasOwnEquipment: event.target.checked })}
      />
      {answers.hasOwnEquipment && (
        <CheckboxGroup
          legend="Equipment you have"
          options={EQUIPMENT_OPTIONS}
          values={answers.ownedEquipment}
          onChange={(ownedEquipment) => set({ ownedEquipment })}
          columns="2"
        />
      )}
    </div>
  );
}

export function PaymentStep({
  payment,
  setPayment,
  errors,
}: {
  payment: PaymentAnswers;
  setPayment: (change: Partial<PaymentAnswers>) => void;
  errors: Errors;
}) {
  const paymentAnswer = textAnswers(payment, setPayment, errors);
  return (
    <div className="grid gap-6">
      <p className="rounded-md border border-gold/60 bg-gold/10 px-4 py-3 text-sm leading-relaxed">
        {APPLICATION_TEXT.paymentNote}
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        <AnswerInput {...paymentAnswer("bankName")} label="Bank Name" />
        <AnswerInput {...paymentAnswer("accountName")} label="Account Name" />
        <AnswerInput
          {...paymentAnswer("bsb")}
          label="BSB"
          placeholder="6 digits"
          inputMode="numeric"
          autoComplete="off"
          onChange={(bsb) => setPayment({ bsb: digitsOnly(bsb, 6) })}
        />
        <AnswerInput
          {...paymentAnswer("accountNumber")}
          label="Account Number"
          placeholder="Up to 10 digits"
          inputMode="numeric"
          autoComplete="off"
          onChange={(accountNumber) => setPayment({ accountNumber: digitsOnly(accountNumber, 10) })}
        />
        <AnswerInput
          {...paymentAnswer("tfn")}
          label="Tax File Number"
          placeholder="9 digits"
          inputMode="numeric"
          autoComplete="off"
          onChange={(tfn) => setPayment({ tfn: digitsOnly(tfn, 9) })}
        />
        <AnswerInput {...paymentAnswer("superFund")} label="Superannuation Fund" />
        <AnswerInput
          {...paymentAnswer("superMemberNumber")}
          label="Super Member Number"
          autoComplete="off"
        />
      </div>
    </div>
  );
}
