import { Form, useNavigation } from "react-router";
import {
  SUBSCRIPTION_TEXT,
  SubscriptionRequestSchema,
  sydneyToday,
  type SubscriptionField,
  type SubscriptionPlanId,
} from "~/features/subscription/subscription.schema";
import { firstErrorPerField, type PublicFormProblem } from "~/lib/field-errors";
import { FormField, FormFooter, FormStatus, Honeypot, SelectField } from "../forms/form-field";
import { useFieldCheck } from "../forms/use-field-check";
import { PLANS } from "./plans";

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
  const { clientErrors, onSubmit } = useFieldCheck<SubscriptionField>((values) => {
    const parsed = SubscriptionRequestSchema.safeParse(values);
    return parsed.success ? null : firstErrorPerField<SubscriptionField>(parsed.error);
  }, ORDER);

  if (result?.status === "success") {
    return (
      <div className="mt-8">
        <FormStatus tone="success" message={result.message} />
      </div>
    );
  }

  const fieldErrors = clientErrors ?? result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const errorList = ORDER.map((field) => fieldErrors[field]).filter((e): e is string => Boolean(e));
  const message = errorList.length > 0 ? SUBSCRIPTION_TEXT.checkFields : result?.formError;
  const chosen = values.plan ?? plan ?? "";

  return (
    <Form
      method="post"
      action="/subscription"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="subscribe-title"
      className="relative mt-8 grid gap-5 sm:grid-cols-2"
    >
      <Honeypot />
      <SelectField
        key={chosen}
        label="Plan"
        name="plan"
        defaultValue={chosen}
        aria-required="true"
        className="sm:col-span-2"
        error={fieldErrors.plan}
      >
        <option value="" disabled>
          Choose a plan
        </option>
        {PLANS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}: ${option.priceCents / 100} per month
          </option>
        ))}
      </SelectField>
      <FormField
        label="Name"
        name="name"
        autoComplete="name"
        aria-required="true"
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        aria-required="true"
        defaultValue={values.email}
        error={fieldErrors.email}
      />
      <FormField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        hint="For example 0412 345 678"
        aria-required="true"
        defaultValue={values.phone}
        error={fieldErrors.phone}
      />
      <FormField
        label="Suburb"
        name="suburb"
        autoComplete="address-level2"
        hint="For example Mosman"
        aria-required="true"
        defaultValue={values.suburb}
        error={fieldErrors.suburb}
      />
      <FormField
        label="Preferred start date"
        name="startDate"
        type="date"
        min={nextDay(sydneyToday())}
        aria-required="true"
        defaultValue={values.startDate}
        error={fieldErrors.startDate}
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
