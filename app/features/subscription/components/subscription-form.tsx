import { Form, useNavigation } from "react-router";
import { SelectField, TextField, EmailField, PhoneField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import {
  SUBSCRIPTION_TEXT,
  SubscriptionRequestSchema,
  sydneyToday,
  type SubscriptionField,
  type SubscriptionPlanId,
} from "~/features/subscription/subscription.schema";
import type { PublicFormProblem } from "~/lib/field-errors";
import { FormFooter, FormStatus, Honeypot } from "~/components/site/forms/form-field";
import { PLANS } from "./plans";
import { formatWholeMoney } from "~/lib/format";

/** What the subscription action answers: success with its message, or what to show. */
export type SubscriptionActionData =
  { status: "success"; message: string } | PublicFormProblem<SubscriptionField>;

const ORDER: SubscriptionField[] = ["plan", "name", "email", "phone", "suburb", "startDate"];

/** The short request behind every Subscribe Now (docs/decisions/0014-buttons-that-work.md): a plain <Form> that works without JavaScript. */
export function SubscriptionForm({
  plan,
  result,
}: {
  plan: SubscriptionPlanId | null;
  result?: SubscriptionActionData;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/subscription");
  // A new ?plan= (a plan card's Subscribe Now) is a new form, with that plan chosen.
  const { fields, formProps } = useAppForm(SubscriptionRequestSchema, {
    id: `subscription-${plan ?? "none"}`,
    result,
    defaultValue: { plan: plan ?? "" },
  });

  if (result?.status === "success") {
    return (
      <div className="mt-8">
        <FormStatus tone="success" message={result.message} />
      </div>
    );
  }

  const errorList = ORDER.map((name) => fields[name].errors?.[0]).filter((e): e is string =>
    Boolean(e),
  );
  const message = errorList.length > 0 ? SUBSCRIPTION_TEXT.checkFields : result?.formError;

  return (
    <Form
      method="post"
      action="/subscription"
      {...formProps}
      aria-labelledby="subscribe-title"
      className="relative mt-8 grid gap-5 sm:grid-cols-2"
    >
      <Honeypot />
      <SelectField meta={fields.plan} label="Plan" aria-required="true" className="sm:col-span-2">
        <option value="" disabled>
          Choose a plan
        </option>
        {PLANS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}: {formatWholeMoney(option.priceCents)} per month
          </option>
        ))}
      </SelectField>
      <TextField meta={fields.name} label="Name" autoComplete="name" aria-required="true" />
      <EmailField meta={fields.email} />
      <PhoneField meta={fields.phone} />
      <TextField
        meta={fields.suburb}
        label="Suburb"
        autoComplete="address-level2"
        hint="For example Mosman"
        aria-required="true"
      />
      <TextField
        meta={fields.startDate}
        label="Preferred start date"
        type="date"
        min={nextDay(sydneyToday())}
        aria-required="true"
      />
      <p className="text-sm text-muted sm:col-span-2">
        All fields are required. Nothing is charged now: we confirm your plan and first clean with
        you before anything is booked.
      </p>
      <FormFooter
        status={{ tone: "error", message, errors: errorList }}
        busy={Boolean(submitting)}
        label={SUBSCRIPTION_TEXT.submit}
        busyLabel={SUBSCRIPTION_TEXT.submitting}
      />
    </Form>
  );
}

function nextDay(date: string) {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
