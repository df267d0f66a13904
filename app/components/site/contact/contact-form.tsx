import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  CONTACT_SUCCESS_MS,
  CONTACT_TEXT,
  ContactMessageSchema,
  type ContactField,
} from "~/features/contact/contact.schema";
import { firstErrorPerField, type PublicFormProblem } from "~/lib/field-errors";
import { FormField, FormFooter, Honeypot, TextAreaField } from "../forms/form-field";
import { useFieldCheck } from "../forms/use-field-check";

/** What the contact action answers: success, field errors, or a failure with the typed values. */
export type ContactActionData = { status: "success" } | PublicFormProblem<ContactField>;

const LABELS: Record<ContactField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  message: "Message",
};
const FIELD_ORDER = Object.keys(LABELS) as ContactField[];

/**
 * The contact form (docs/product/public-site.md#contact-page and docs/product/public-site.md#statuses-and-flows: idle, sending, success, error). A plain <Form>, so it
 * posts without JavaScript; once hydrated the same schema checks the fields before sending, and
 * the success message goes after 3 seconds (docs/product/public-site.md#business-constants-and-limits).
 */
export function ContactForm({ result }: { result?: ContactActionData }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const { clientErrors, onSubmit } = useFieldCheck<ContactField>((values) => {
    const parsed = ContactMessageSchema.safeParse(values);
    return parsed.success ? null : firstErrorPerField<ContactField>(parsed.error);
  }, FIELD_ORDER);
  const [expired, setExpired] = useState<ContactActionData | undefined>(undefined);

  const succeeded = result?.status === "success";
  useEffect(() => {
    if (!succeeded) return;
    formRef.current?.reset();
    const timer = window.setTimeout(() => setExpired(result), CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, result]);

  const failed = result && result.status !== "success" ? result : undefined;
  const fieldErrors = clientErrors ?? failed?.fieldErrors ?? {};
  const values = failed?.values ?? {};
  const errorList = Object.values(fieldErrors).filter((error): error is string => Boolean(error));

  let status: { tone: "error" | "success"; message?: string } = { tone: "error" };
  if (errorList.length > 0) status = { tone: "error", message: CONTACT_TEXT.checkFields };
  else if (failed?.formError) status = { tone: "error", message: failed.formError };
  else if (succeeded && expired !== result && !sending) {
    status = { tone: "success", message: CONTACT_TEXT.success };
  }

  return (
    <Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="message-title"
      className="relative mt-8 grid gap-5 sm:grid-cols-2"
    >
      <Honeypot />
      <FormField
        label={LABELS.firstName}
        name="firstName"
        autoComplete="given-name"
        aria-required="true"
        defaultValue={values.firstName}
        error={fieldErrors.firstName}
      />
      <FormField
        label={LABELS.lastName}
        name="lastName"
        autoComplete="family-name"
        aria-required="true"
        defaultValue={values.lastName}
        error={fieldErrors.lastName}
      />
      <FormField
        label={LABELS.email}
        name="email"
        type="email"
        autoComplete="email"
        aria-required="true"
        defaultValue={values.email}
        error={fieldErrors.email}
      />
      <FormField
        label={LABELS.phone}
        name="phone"
        type="tel"
        autoComplete="tel"
        hint="For example 0412 345 678"
        aria-required="true"
        defaultValue={values.phone}
        error={fieldErrors.phone}
      />
      <TextAreaField
        label={LABELS.message}
        name="message"
        rows={5}
        aria-required="true"
        className="sm:col-span-2"
        defaultValue={values.message}
        error={fieldErrors.message}
      />
      <p className="text-sm text-muted sm:col-span-2">All fields are required.</p>
      <FormFooter
        status={{ tone: status.tone, message: status.message, errors: errorList }}
        busy={sending}
        label={CONTACT_TEXT.send}
        busyLabel={CONTACT_TEXT.sending}
      />
    </Form>
  );
}
