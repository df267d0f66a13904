import { useRef } from "react";
import { Form, useSubmit } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextareaField, TextField } from "~/components/forms/bound-fields";
import { Checkbox } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { BusinessProfileFormSchema, type BusinessProfileFormValues } from "../settings.schema";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

export const PROFILE_INTENT = "business-profile";

/**
 * The business's own facts (docs/decisions/0014-buttons-that-work.md: settings persist). Every page and rule reads them per request,
 * so a change here shows on the public site at once. The "saved" toast's Undo posts the values
 * the form had before the save.
 */
export function BusinessProfileSection({
  profile,
  result,
}: {
  profile: BusinessProfileFormValues;
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useBusinessProfileForm(profile, result);

  return (
    <AdminPanel labelledBy="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Business profile
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted dark:text-mist">
        Shown on the website, in emails and on invoices, and used for prices and cleaner offers.
      </p>
      <Form method="post" {...formProps} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value={PROFILE_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        <div className="grid gap-5 sm:grid-cols-2">
          <ContactFields fields={fields} />
          <PricingFields fields={fields} />
        </div>
        <AutomaticOfferFields fields={fields} />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save business profile"}
        </button>
      </Form>
    </AdminPanel>
  );
}

type ProfileFields = ReturnType<typeof useBusinessProfileForm>["fields"];

/** The business's name and contact details, as the website, emails and invoices show them. */
function ContactFields({ fields }: { fields: ProfileFields }) {
  return (
    <>
      <TextField meta={fields.name} label="Business name" autoComplete="organization" />
      <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="off" />
      <TextField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        meta={fields.abn}
        label="ABN"
        inputMode="numeric"
        hint="11 digits; spaces are fine."
      />
      <TextField meta={fields.address} label="Address" className="sm:col-span-2" />
      <TextareaField
        meta={fields.openingHours}
        label="Opening hours"
        rows={4}
        hint="One line per day or range, like Mon-Fri: 7am-6pm or Sun: Closed, on the whole or half hour. The website shows them, and every booking must start and finish inside them."
        className="sm:col-span-2"
      />
      <TextareaField
        meta={fields.closedDates}
        label="Closed dates"
        rows={3}
        hint="One date per line, like 2026-12-25 Christmas Day. No bookings are taken on these dates."
        className="sm:col-span-2"
      />
    </>
  );
}

/** Prices, offers, holds, travel time and the service area. */
function PricingFields({ fields }: { fields: ProfileFields }) {
  return (
    <>
      <TextField
        meta={fields.hourlyRate}
        label="Hourly rate (AUD)"
        inputMode="decimal"
        hint="What customers pay per cleaner hour."
      />
      <TextField
        meta={fields.cleanerPayRate}
        label="Cleaner pay rate per hour (AUD)"
        inputMode="decimal"
      />
      <TextField
        meta={fields.offerResponseHours}
        label="Offer response deadline (hours)"
        inputMode="numeric"
        hint="How long a cleaner has to accept a job offer, from 1 to 168."
      />
      <TextField
        meta={fields.unpaidHoldHours}
        label="Unpaid booking hold (hours)"
        inputMode="numeric"
        hint="How long an unpaid online booking keeps its slot before it is released, from 1 to 168."
      />
      <TextField
        meta={fields.travelMinutes}
        label="Travel time between jobs (minutes)"
        inputMode="numeric"
        hint="How long a cleaner is kept free after each job to reach the next, from 0 to 180."
      />
      <TextField
        meta={fields.whatsappNumber}
        label="WhatsApp number (mobile)"
        type="tel"
        autoComplete="off"
        hint="The website's Chat with us opens WhatsApp on it. Blank: the button offers the phone and the contact form."
        className="sm:col-span-2"
      />
      <TextareaField
        meta={fields.serviceAreaPostcodes}
        label="Service area postcodes"
        rows={3}
        hint="Postcodes or ranges, like 2000, 2010-2020. Blank: Greater Sydney. Addresses elsewhere are marked for you to confirm."
        className="sm:col-span-2"
      />
    </>
  );
}

/** docs/decisions/0064-automatic-offers.md: who asks the cleaners, and how long each has. */
function AutomaticOfferFields({ fields }: { fields: ProfileFields }) {
  return (
    <fieldset className="space-y-4">
      <legend className="font-semibold">Automatic offers</legend>
      <Checkbox
        id={fields.autoOffers.id}
        name={fields.autoOffers.name}
        label="Automatic offers"
        hint="Each seat of a new booking is offered to the best free cleaner, then the next after a decline or the waiting period. Staff can still offer a seat by hand."
        defaultChecked={fields.autoOffers.initialValue === "on"}
        key={`auto-${String(fields.autoOffers.initialValue)}`}
      />
      <TextField
        meta={fields.autoOfferWaitMinutes}
        label="Waiting period before the next cleaner (minutes)"
        inputMode="numeric"
        hint="How long each cleaner has to answer an automatic offer, from 15 to 1440 (24 hours)."
        className="max-w-md"
      />
      <Checkbox
        id={fields.autoOfferReleasedSeats.id}
        name={fields.autoOfferReleasedSeats.name}
        label="Offer released seats automatically"
        hint="A seat whose offer by staff is declined, runs out or is cancelled is offered on automatically too."
        defaultChecked={fields.autoOfferReleasedSeats.initialValue === "on"}
        key={`released-${String(fields.autoOfferReleasedSeats.initialValue)}`}
      />
    </fieldset>
  );
}

/**
 * The profile form in the settings section; a save remembers the values the form had before it,
 * so the "saved" toast's Undo can post them back.
 */
function useBusinessProfileForm(
  profile: BusinessProfileFormValues,
  result: SettingsResult | undefined,
) {
  const submit = useSubmit();
  const before = useRef(profile);
  const { form, fields, formProps, saving, summary } = useSettingsSection(
    BusinessProfileFormSchema,
    PROFILE_INTENT,
    result,
    {
      defaultValue: profile,
      undo: {
        onUndo: () => {
          const previous = before.current;
          form.update({ value: previous });
          void submit({ ...previous, intent: PROFILE_INTENT }, { method: "post" });
        },
      },
    },
  );
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    before.current = profile;
    formProps.onSubmit(event);
  };
  return { fields, formProps: { ...formProps, onSubmit }, saving, summary };
}
