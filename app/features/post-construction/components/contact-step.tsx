import { ArrowLeft, Send } from "lucide-react";
import { Form, Link } from "react-router";
import { TextareaField, TextField } from "~/components/forms/bound-fields";
import { ChoiceGroup } from "~/components/site/forms/choice-fields";
import { Honeypot } from "~/components/site/forms/form-field";
import { buttonClasses } from "~/components/ui/button";
import type { PostConstructionActionData } from "../post-construction-action.server";
import {
  POST_CONSTRUCTION_PATHS as PATHS,
  POST_CONSTRUCTION_TEXT,
  PROPERTY_FIELD,
  REQUEST_TYPES,
  REQUEST_TYPE_LABELS,
  type RequestType,
} from "../post-construction-copy";
import { ProblemSummary, RequestProgress } from "./request-parts";
import { toFormPayload } from "./request-storage";
import { useContactStep, type ContactStepState } from "./use-contact-step";

// docs/product/public-site.md#post-construction-flow, docs/product/public-site.md#entities-and-fields and docs/product/public-site.md#validation-rules: full name, individual or company (company name and ABN for a
// company only, both optional), phone, email, property address and notes. The step is a form on
// the one form approach (docs/architecture.md#forms): the contact schema checks it in the browser and again
// in the action, errors sit beside their fields and focus goes to the first. The submit posts
// these fields and the property form (as JSON in `property`); a stored request goes to the
// thank-you page, a failure shows the spec's message and keeps every typed value. What is typed
// is kept in sessionStorage, so a refresh or Back loses nothing.

export function ContactStep({ result }: { result?: PostConstructionActionData }) {
  const step = useContactStep(result);
  if (!step.property) return null;
  const { fields, submitting, stored } = step;

  return (
    <Form
      method="post"
      {...step.formProps}
      className="relative mx-auto max-w-3xl"
      aria-label={POST_CONSTRUCTION_TEXT.contactTitle}
    >
      <RequestProgress step={2} />
      <p className="mt-8 leading-relaxed text-ink-soft">
        We will send your quote to this email within 24 hours, and call if we need to know more.
      </p>
      <input
        type="hidden"
        name={PROPERTY_FIELD}
        value={JSON.stringify(toFormPayload(step.property))}
      />
      <Honeypot />

      <ContactFields
        fields={fields}
        requestType={step.requestType}
        setRequestType={step.setRequestType}
      />

      <div className="mt-10 space-y-6 border-t border-line pt-6">
        <ProblemSummary message={step.message} errors={step.errorList}>
          {result?.backToForm && !submitting && (
            <p className="mt-2">
              <Link to={PATHS.form} className="font-semibold underline underline-offset-4">
                Go to the property form
              </Link>
            </p>
          )}
        </ProblemSummary>
        <StepButtons busy={submitting || stored} />
      </div>
    </Form>
  );
}

type ContactFieldMeta = ContactStepState["fields"];

function ContactFields({
  fields,
  requestType,
  setRequestType,
}: {
  fields: ContactFieldMeta;
  requestType: RequestType;
  setRequestType: (value: RequestType) => void;
}) {
  return (
    <div className="mt-8 space-y-7">
      <TextField
        meta={fields.fullName}
        label="Full name"
        autoComplete="name"
        aria-required="true"
      />
      <ChoiceGroup
        legend="Are you requesting as an individual or a company?"
        name="requestType"
        columns="2"
        options={REQUEST_TYPES.map((value) => ({ value, label: REQUEST_TYPE_LABELS[value] }))}
        value={requestType}
        onChange={setRequestType}
        error={fields.requestType.errors?.[0]}
      />
      {requestType === "company" && (
        <div className="grid gap-7 sm:grid-cols-2">
          <TextField
            meta={fields.companyName}
            label="Company name"
            hint="Optional"
            autoComplete="organization"
          />
          <TextField
            meta={fields.abn}
            label="ABN"
            hint="Optional. 11 digits, like 51 824 753 556"
            inputMode="numeric"
          />
        </div>
      )}
      <div className="grid gap-7 sm:grid-cols-2">
        <TextField
          meta={fields.phone}
          label="Phone"
          hint="For example 0412 345 678"
          type="tel"
          autoComplete="tel"
          aria-required="true"
        />
        <TextField
          meta={fields.email}
          label="Email"
          hint="We send your quote here"
          type="email"
          autoComplete="email"
          aria-required="true"
        />
      </div>
      <TextField
        meta={fields.address}
        label="Property address"
        hint="Street, suburb and postcode, like 12 Harbour Street, Mosman NSW 2088"
        autoComplete="street-address"
        aria-required="true"
      />
      <TextareaField
        meta={fields.additionalNotes}
        label="Notes"
        hint="Optional. Access, parking, the best time to call."
        rows={3}
        maxLength={2000}
      />
      <p className="text-sm text-muted">
        Full name, phone, email and property address are required.
      </p>
    </div>
  );
}

function StepButtons({ busy }: { busy: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Link to={PATHS.form} className={buttonClasses("outline")}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {POST_CONSTRUCTION_TEXT.back}
      </Link>
      <button type="submit" disabled={busy} className={buttonClasses("ink", "disabled:opacity-70")}>
        <Send aria-hidden="true" className="size-4" strokeWidth={1.5} />
        {busy ? POST_CONSTRUCTION_TEXT.submitting : POST_CONSTRUCTION_TEXT.submit}
      </button>
    </div>
  );
}
