import { ArrowLeft, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { ChoiceGroup, TextAreaInput, TextInput } from "~/components/site/forms/choice-fields";
import { Honeypot } from "~/components/site/forms/form-field";
import { buttonClasses } from "~/components/ui/button";
import type { PostConstructionActionData } from "../post-construction-action.server";
import {
  POST_CONSTRUCTION_PATHS as PATHS,
  POST_CONSTRUCTION_TEXT,
  PROPERTY_FIELD,
  REQUEST_TYPES,
  REQUEST_TYPE_LABELS,
} from "../post-construction-copy";
import { CONTACT_FIELDS, contactErrors, formErrors } from "../post-construction.schema";
import { ProblemSummary, RequestProgress, focusFirstProblem } from "./request-parts";
import {
  clearRequest,
  loadPropertyForm,
  toFormPayload,
  useContactDetails,
  type ContactState,
} from "./request-storage";

// docs/product/public-site.md#post-construction-flow, docs/product/public-site.md#entities-and-fields and docs/product/public-site.md#validation-rules: full name, individual or company (company name and ABN for a
// company only, both optional), phone, email, property address and notes. The submit posts these
// fields and the property form (as JSON in `property`) to this route's action; a stored request
// goes to the thank-you page, a failure shows the spec's message and keeps every typed value.

type TextFieldName = Exclude<keyof ContactState, "requestType">;

export function ContactStep({ result }: { result?: PostConstructionActionData }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [contact, setContact] = useContactDetails();
  const [attempted, setAttempted] = useState(false);
  // The property form this tab completed; read once, since this page cannot change it.
  const [property] = useState(() => {
    const stored = loadPropertyForm();
    return stored && Object.keys(formErrors(toFormPayload(stored))).length === 0 ? stored : null;
  });

  // Opened without a completed property form: back to it, saying why.
  useEffect(() => {
    if (!property) {
      void navigate(PATHS.form, {
        replace: true,
        state: { notice: POST_CONSTRUCTION_TEXT.formMissing },
      });
    }
  }, [property, navigate]);

  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  // The action redirected to the thank-you page: the request is stored, so the next starts afresh.
  const stored = navigation.state === "loading" && navigation.location.pathname === PATHS.thankYou;
  useEffect(() => {
    if (stored) clearRequest();
  }, [stored]);

  if (!property) return null;

  const company = contact.requestType === "company";
  const update = (patch: Partial<ContactState>) => setContact((c) => ({ ...c, ...patch }));
  // Once Submit was pressed the messages follow every change; until then, the server's (if any).
  const live = attempted ? contactErrors(contact) : {};
  const errors = Object.keys(live).length > 0 ? live : (result?.fieldErrors ?? {});
  /** A text field's name, value, change handler and message. */
  const bind = (name: TextFieldName) => ({
    name,
    value: contact[name],
    onChange: (value: string) => update({ [name]: value }),
    error: errors[name],
  });
  const errorList = CONTACT_FIELDS.map((field) => errors[field]).filter((error): error is string =>
    Boolean(error),
  );
  const failure = !submitting && result?.formError;
  const message = errorList.length > 0 ? POST_CONSTRUCTION_TEXT.checkFields : failure || undefined;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const found = contactErrors(contact);
    setAttempted(true);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      focusFirstProblem(formRef.current, CONTACT_FIELDS, found);
    }
  }

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="relative mx-auto max-w-3xl"
      aria-label={POST_CONSTRUCTION_TEXT.contactTitle}
    >
      <RequestProgress step={2} />
      <p className="mt-8 leading-relaxed text-ink-soft">
        We will send your quote to this email within 24 hours, and call if we need to know more.
      </p>
      <input type="hidden" name={PROPERTY_FIELD} value={JSON.stringify(toFormPayload(property))} />
      <Honeypot />

      <div className="mt-8 space-y-7">
        <div data-field="fullName">
          <TextInput
            label="Full name"
            {...bind("fullName")}
            autoComplete="name"
            aria-required="true"
          />
        </div>
        <div data-field="requestType">
          <ChoiceGroup
            legend="Are you requesting as an individual or a company?"
            name="requestType"
            columns="2"
            options={REQUEST_TYPES.map((value) => ({ value, label: REQUEST_TYPE_LABELS[value] }))}
            value={contact.requestType}
            onChange={(requestType) => update({ requestType })}
            error={errors.requestType}
          />
        </div>
        {company && (
          <div className="grid gap-7 sm:grid-cols-2">
            <div data-field="companyName">
              <TextInput
                label="Company name"
                hint="Optional"
                {...bind("companyName")}
                autoComplete="organization"
              />
            </div>
            <div data-field="abn">
              <TextInput
                label="ABN"
                hint="Optional. 11 digits, like 51 824 753 556"
                {...bind("abn")}
                inputMode="numeric"
              />
            </div>
          </div>
        )}
        <div className="grid gap-7 sm:grid-cols-2">
          <div data-field="phone">
            <TextInput
              label="Phone"
              hint="For example 0412 345 678"
              {...bind("phone")}
              type="tel"
              autoComplete="tel"
              aria-required="true"
            />
          </div>
          <div data-field="email">
            <TextInput
              label="Email"
              hint="We send your quote here"
              {...bind("email")}
              type="email"
              autoComplete="email"
              aria-required="true"
            />
          </div>
        </div>
        <div data-field="address">
          <TextInput
            label="Property address"
            hint="Street, suburb and postcode, like 12 Harbour Street, Mosman NSW 2088"
            {...bind("address")}
            autoComplete="street-address"
            aria-required="true"
          />
        </div>
        <div data-field="additionalNotes">
          <TextAreaInput
            label="Notes"
            hint="Optional. Access, parking, the best time to call."
            {...bind("additionalNotes")}
            rows={3}
            maxLength={2000}
          />
        </div>
        <p className="text-sm text-muted">
          Full name, phone, email and property address are required.
        </p>
      </div>

      <div className="mt-10 space-y-6 border-t border-line pt-6">
        <ProblemSummary message={message} errors={errorList}>
          {result?.backToForm && !submitting && (
            <p className="mt-2">
              <Link to={PATHS.form} className="font-semibold underline underline-offset-4">
                Go to the property form
              </Link>
            </p>
          )}
        </ProblemSummary>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to={PATHS.form} className={buttonClasses("outline")}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {POST_CONSTRUCTION_TEXT.back}
          </Link>
          <button
            type="submit"
            disabled={submitting || stored}
            className={buttonClasses("ink", "disabled:opacity-70")}
          >
            <Send aria-hidden="true" className="size-4" strokeWidth={1.5} />
            {submitting || stored
              ? POST_CONSTRUCTION_TEXT.submitting
              : POST_CONSTRUCTION_TEXT.submit}
          </button>
        </div>
      </div>
    </Form>
  );
}
