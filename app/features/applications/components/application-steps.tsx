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

export function PersonalStep({ answers, set, errors }: StepProps) {
  return (
    <div className="grid gap-6">
      <PhotoField
        photo={answers.photo}
        onChange={(photo) => set({ photo })}
        error={errors.photoId}
      />
      <AnswerInput
        name="name"
        label="Full Name"
        autoComplete="name"
        value={answers.name}
        onChange={(name) => set({ name })}
        error={errors.name}
      />
      <AnswerInput
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={answers.email}
        onChange={(email) => set({ email })}
        error={errors.email}
      />
      <AnswerInput
        name="phone"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        value={answers.phone}
        onChange={(phone) => set({ phone })}
        error={errors.phone}
      />
    </div>
  );
}

// eslint-disable-next-line max-lines-per-function -- markup only
export function ExperienceStep({ answers, set, errors }: StepProps) {
  return (
    <div className="grid gap-6">
      <AnswerSelect
        name="experience"
        label="Cleaning Experience"
        placeholder="Select experience level"
        options={EXPERIENCE_OPTIONS}
        value={answers.experience}
        onChange={(experience) => set({ experience })}
        error={errors.experience}
      />
      <AnswerSelect
        name="visaStatus"
        label="Visa Status"
        placeholder="Select visa status"
        options={VISA_OPTIONS}
        value={answers.visaStatus}
        onChange={(visaStatus) => set({ visaStatus })}
        error={errors.visaStatus}
      />
      <AnswerSelect
        name="englishProficiency"
        label="English Proficiency"
        placeholder="Select English level"
        options={ENGLISH_OPTIONS}
        value={answers.englishProficiency}
        onChange={(englishProficiency) => set({ englishProficiency })}
        error={errors.englishProficiency}
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
            name="policeCheckDate"
            label="Date of Police Check"
            type="date"
            required
            value={answers.policeCheckDate}
            onChange={(policeCheckDate) => set({ policeCheckDate })}
            error={errors.policeCheckDate}
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
            name="abnNumber"
            label="ABN Number"
            placeholder="11 digits"
            hint="Enter exactly 11 digits without spaces"
            inputMode="numeric"
            required
            value={answers.abnNumber}
            onChange={(abn) => set({ abnNumber: digitsOnly(abn, 11) })}
            error={errors.abnNumber}
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
        name="preferredAreas"
        label="Preferred Areas"
        placeholder="e.g. Sydney CBD, Eastern Suburbs"
        value={answers.preferredAreas}
        onChange={(preferredAreas) => set({ preferredAreas })}
        error={errors.preferredAreas}
      />
    </div>
  );
}

export function AvailabilityStep({ answers, set, errors }: StepProps) {
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
      <AnswerTextarea
        name="message"
        label="Additional Information"
        value={answers.message}
        onChange={(message) => set({ message })}
        error={errors.message}
      />
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
  return (
    <div className="grid gap-6">
      <p className="rounded-md border border-gold/60 bg-gold/10 px-4 py-3 text-sm leading-relaxed">
        {APPLICATION_TEXT.paymentNote}
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        <AnswerInput
          name="bankName"
          label="Bank Name"
          value={payment.bankName}
          onChange={(bankName) => setPayment({ bankName })}
          error={errors.bankName}
        />
        <AnswerInput
          name="accountName"
          label="Account Name"
          value={payment.accountName}
          onChange={(accountName) => setPayment({ accountName })}
          error={errors.accountName}
        />
        <AnswerInput
          name="bsb"
          label="BSB"
          placeholder="6 digits"
          inputMode="numeric"
          autoComplete="off"
          value={payment.bsb}
          onChange={(bsb) => setPayment({ bsb: digitsOnly(bsb, 6) })}
          error={errors.bsb}
        />
        <AnswerInput
          name="accountNumber"
          label="Account Number"
          placeholder="Up to 10 digits"
          inputMode="numeric"
          autoComplete="off"
          value={payment.accountNumber}
          onChange={(accountNumber) => setPayment({ accountNumber: digitsOnly(accountNumber, 10) })}
          error={errors.accountNumber}
        />
        <AnswerInput
          name="tfn"
          label="Tax File Number"
          placeholder="9 digits"
          inputMode="numeric"
          autoComplete="off"
          value={payment.tfn}
          onChange={(tfn) => setPayment({ tfn: digitsOnly(tfn, 9) })}
          error={errors.tfn}
        />
        <AnswerInput
          name="superFund"
          label="Superannuation Fund"
          value={payment.superFund}
          onChange={(superFund) => setPayment({ superFund })}
          error={errors.superFund}
        />
        <AnswerInput
          name="superMemberNumber"
          label="Super Member Number"
          autoComplete="off"
          value={payment.superMemberNumber}
          onChange={(superMemberNumber) => setPayment({ superMemberNumber })}
          error={errors.superMemberNumber}
        />
      </div>
    </div>
  );
}
