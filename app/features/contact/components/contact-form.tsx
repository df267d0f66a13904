import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { TextareaField, TextField, EmailField, PhoneField } from "~/components/forms/bound-fields";
import { useLazyAppForm } from "~/components/forms/use-lazy-app-form";
import {
  CONTACT_FIELDS,
  CONTACT_SUCCESS_MS,
  CONTACT_TEXT,
  type ContactField,
} from "~/features/contact/contact-form-text";
import type { PublicFormProblem } from "~/lib/field-errors";
import { FormFooter, Honeypot } from "~/components/site/forms/form-field";

// The schema (and zod with it) is fetched once the visitor turns to the form
// (docs/decisions/0090-form-checks-on-demand.md); the server parses the same one.
const loadSchema = () =>
  import("~/features/contact/contact.schema").then((module) => module.ContactMessageSchema);

/** What the contact action answers: success, field errors, or a failure with the typed values. */
export type ContactActionData = { status: "success" } | PublicFormProblem<ContactField>;

/**
 * The contact form (docs/product/public-site.md#contact-page and docs/product/public-site.md#statuses-and-flows: idle, sending, success, error). A plain <Form>, so it
 * posts without JavaScript; once hydrated the same schema checks the fields before sending, and
 * the success message goes after 3 seconds (docs/product/public-site.md#business-constants-and-limits).
 */
export function ContactForm({ result }: { result?: ContactActionData }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const { fields, formProps } = useLazyAppForm(loadSchema, { id: "contact", result });
  const [expired, setExpired] = useState<ContactActionData | undefined>(undefined);

  const succeeded = result?.status === "success";
  useEffect(() => {
    if (!succeeded) return;
    formRef.current?.reset();
    const timer = window.setTimeout(() => setExpired(result), CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, result]);

  const failed = result && result.status !== "success" ? result : undefined;
  const errorList = CONTACT_FIELDS.map((name) => fields[name].errors?.[0]).filter(
    (error): error is string => Boolean(error),
  );

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
      {...formProps}
      aria-labelledby="message-title"
      className="relative mt-8 grid gap-5 sm:grid-cols-2"
    >
      <Honeypot />
      <TextField
        meta={fields.firstName}
        label="First name"
        autoComplete="given-name"
        aria-required="true"
      />
      <TextField
        meta={fields.lastName}
        label="Last name"
        autoComplete="family-name"
        aria-required="true"
      />
      <EmailField meta={fields.email} />
      <PhoneField meta={fields.phone} />
      <TextareaField
        meta={fields.message}
        label="Message"
        rows={5}
        aria-required="true"
        className="sm:col-span-2"
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
