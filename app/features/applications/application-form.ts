import type { FieldErrors } from "~/lib/field-errors";
import { parseForm } from "~/lib/forms";
import {
  APPLICATION_FIELDS,
  APPLICATION_STEP_SCHEMAS,
  type ApplicationField,
} from "./application.schema";

// The wizard's answers as the browser keeps them, and as the form it posts. Client-safe.
// docs/product/back-office.md#cleaner-application-wizard: everything but the payment details is
// kept in sessionStorage across a refresh; the payment details stay in memory only, so a TFN or
// an account number never sits in the browser's storage.

export const PHOTO_INTENT = "photo";

/** The action's answers, typed for the wizard's fetchers. */
export type UploadedPhoto = { id: string; url: string };

/** The answer to a photo upload: our URL for the stored photo, or why it was refused. */
export type PhotoUploadData = { photo: UploadedPhoto; error?: never } | { error: string };

/** The answer to the application: stored, or what to show (nothing typed comes back). */
export type ApplicationActionData =
  | { status: "success" }
  | {
      status: "invalid" | "error";
      formError?: string;
      fieldErrors?: FieldErrors<ApplicationField>;
    };

export type ApplicationAnswers = {
  step: number;
  /** The uploaded photo: its upload id (posted) and our URL (the preview) */
  photo: { id: string; url: string } | null;
  name: string;
  email: string;
  phone: string;
  experience: string;
  visaStatus: string;
  englishProficiency: string;
  hasPoliceCheck: boolean;
  policeCheckDate: string;
  hasAbn: boolean;
  abnNumber: string;
  hasTransport: boolean;
  preferredAreas: string;
  availability: string[];
  languages: string[];
  message: string;
  hasOwnEquipment: boolean;
  ownedEquipment: string[];
};

export type PaymentAnswers = {
  bankName: string;
  accountName: string;
  bsb: string;
  accountNumber: string;
  tfn: string;
  superFund: string;
  superMemberNumber: string;
};

export const INITIAL_ANSWERS: ApplicationAnswers = {
  step: 1,
  photo: null,
  name: "",
  email: "",
  phone: "",
  experience: "",
  visaStatus: "",
  englishProficiency: "",
  hasPoliceCheck: false,
  policeCheckDate: "",
  hasAbn: false,
  abnNumber: "",
  hasTransport: false,
  preferredAreas: "",
  availability: [],
  languages: [],
  message: "",
  hasOwnEquipment: false,
  ownedEquipment: [],
};

export const INITIAL_PAYMENT: PaymentAnswers = {
  bankName: "",
  accountName: "",
  bsb: "",
  accountNumber: "",
  tfn: "",
  superFund: "",
  superMemberNumber: "",
};

/** docs/product/back-office.md#validation-rules input shaping: digits only, at most `max`. */
export function digitsOnly(value: string, max: number) {
  return value.replace(/\D/g, "").slice(0, max);
}

/**
 * The form the wizard posts: text as typed, ticked boxes as "on", lists as Conform's indexed
 * names. A revealed field whose box is unticked is left out, as the spec stores it.
 */
export function applicationFormData(answers: ApplicationAnswers, payment: PaymentAnswers) {
  const form = new FormData();
  const text = (name: ApplicationField, value: string) => {
    if (value !== "") form.append(name, value);
  };
  const list = (name: ApplicationField, values: readonly string[]) =>
    values.forEach((value, index) => form.append(`${name}[${index}]`, value));
  const tick = (name: ApplicationField, on: boolean) => {
    if (on) form.append(name, "on");
  };
  text("photoId", answers.photo?.id ?? "");
  text("name", answers.name);
  text("email", answers.email);
  text("phone", answers.phone);
  text("experience", answers.experience);
  text("visaStatus", answers.visaStatus);
  text("englishProficiency", answers.englishProficiency);
  tick("hasPoliceCheck", answers.hasPoliceCheck);
  if (answers.hasPoliceCheck) text("policeCheckDate", answers.policeCheckDate);
  tick("hasAbn", answers.hasAbn);
  if (answers.hasAbn) text("abnNumber", answers.abnNumber);
  tick("hasTransport", answers.hasTransport);
  text("preferredAreas", answers.preferredAreas);
  list("availability", answers.availability);
  list("languages", answers.languages);
  text("message", answers.message);
  tick("hasOwnEquipment", answers.hasOwnEquipment);
  if (answers.hasOwnEquipment) list("ownedEquipment", answers.ownedEquipment);
  text("bankName", payment.bankName);
  text("accountName", payment.accountName);
  text("bsb", payment.bsb);
  text("accountNumber", payment.accountNumber);
  text("tfn", payment.tfn);
  text("superFund", payment.superFund);
  text("superMemberNumber", payment.superMemberNumber);
  return form;
}

/** The messages of step 1 to 5 for these answers, by field; empty when the step may go on. */
export function stepErrors(
  step: number,
  answers: ApplicationAnswers,
  payment: PaymentAnswers,
): Partial<Record<ApplicationField, string>> {
  const schema = APPLICATION_STEP_SCHEMAS[step - 1];
  if (!schema) return {};
  const parsed = parseForm(applicationFormData(answers, payment), schema);
  return parsed.ok ? {} : (parsed.fieldErrors as Partial<Record<ApplicationField, string>>);
}

/** The first step whose answers do not pass, or null when all five do. */
export function firstInvalidStep(answers: ApplicationAnswers, payment: PaymentAnswers) {
  for (let step = 1; step <= APPLICATION_STEP_SCHEMAS.length; step++) {
    if (Object.keys(stepErrors(step, answers, payment)).length > 0) return step;
  }
  return null;
}

/**
 * The first field, in the wizard's order, that `errors` names (a list's message may come keyed
 * by one of its items, `languages[0]`): where focus goes.
 */
export function firstErrorField(errors: Partial<Record<string, string>>) {
  const named = Object.keys(errors).filter((key) => errors[key]);
  return APPLICATION_FIELDS.find((field) =>
    named.some((key) => key === field || key.startsWith(`${field}[`)),
  );
}
