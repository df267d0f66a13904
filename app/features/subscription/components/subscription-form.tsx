import { Form, useNavigation } from "react-router";
import { SelectField, TextField, EmailField, PhoneField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { FREQUENCY_LABELS } from "~/features/recurring/frequencies";
import { PLAN_FREQUENCY, planVisitCents } from "~/features/recurring/visit-pricing";
import {
  SUBSCRIPTION_TEXT,
  SubscribeSchema,
  sydneyToday,
  type SubscriptionField,
  type SubscriptionPlanId,
} from "~/features/subscription/subscription.schema";
import type { PublicFormProblem } from "~/lib/field-errors";
import { FormFooter, FormStatus, Honeypot } from "~/components/site/forms/form-field";
import { PLANS } from "./plans";
import { formatMoney, formatTimeSlot, formatWholeMoney } from "~/lib/format";

/** What the subscription action answers: success with its message, or what to show. */
export type SubscriptionActionData =
  { status: "success"; message: string } | PublicFormProblem<SubscriptionField>;

const ORDER: SubscriptionField[] = [
  "plan",
  "name",
  "email",
  "phone",
  "address",
  "suburb",
  "startDate",
  "timeSlot",
];

/**
 * Subscribe Now (docs/decisions/0084-subscribe-now-books-a-series.md): the plan, its price per
 * visit as one GST-inclusive figure, and the first clean's day, time and address; a plain <Form>
 * that works without JavaScript.
 */
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
  const { fields, formProps } = useAppForm(SubscribeSchema, {
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
            {option.name}: {FREQUENCY_LABELS[PLAN_FREQUENCY[option.id]].toLowerCase()},{" "}
            {formatMoney(planVisitCents(option.priceCents, PLAN_FREQUENCY[option.id]))} a visit, GST
            included ({formatWholeMoney(option.priceCents)} per month)
          </option>
        ))}
      </SelectField>
      <TextField meta={fields.name} label="Name" autoComplete="name" aria-required="true" />
      <EmailField meta={fields.email} />
      <PhoneField meta={fields.phone} />
      <FirstCleanFields fields={fields} />
      <p className="text-sm text-muted sm:col-span-2">
        Nothing is charged now: each visit is paid after its clean, at the price shown, GST
        included. Skip, change or pause any visit up to 24 hours before it.
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

/** The first clean's address, day and time: the series repeats its weekday and time. */
function FirstCleanFields({
  fields,
}: {
  fields: ReturnType<typeof useAppForm<typeof SubscribeSchema>>["fields"];
}) {
  return (
    <>
      <TextField
        meta={fields.address}
        label="Street address"
        autoComplete="street-address"
        hint="Not needed for Business: we call to arrange it"
      />
      <TextField
        meta={fields.suburb}
        label="Suburb"
        autoComplete="address-level2"
        hint="For example Mosman"
        aria-required="true"
      />
      <TextField
        meta={fields.startDate}
        label="First clean"
        type="date"
        min={nextDay(sydneyToday())}
        hint="Your cleans repeat on this weekday"
        aria-required="true"
      />
      <SelectField meta={fields.timeSlot} label="Time">
        <option value="">Choose a time</option>
        {TIME_SLOTS.map((slot) => (
          <option key={slot} value={slot}>
            {formatTimeSlot(slot)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
