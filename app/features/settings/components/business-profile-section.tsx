import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { buttonClasses } from "~/components/ui/button";
import { BusinessProfileFormSchema, type BusinessProfileFormValues } from "../settings.schema";
import {
  SAVE_BUTTON_TONE,
  SettingsField,
  SettingsFormMessage,
  useSettingsForm,
  type SettingsResult,
} from "./settings-form";

export const PROFILE_INTENT = "business-profile";

/**
 * The business's own facts (docs/decisions/0014-buttons-that-work.md: settings persist). Every page and rule reads them per request,
 * so a change here shows on the public site at once.
 */
export function BusinessProfileSection({
  profile,
  result,
}: {
  profile: BusinessProfileFormValues;
  result: SettingsResult | undefined;
}) {
  const { errors, onSubmit, saving, summary, values } = useSettingsForm(
    BusinessProfileFormSchema,
    PROFILE_INTENT,
    result,
  );
  const value = (name: keyof BusinessProfileFormValues) => values?.[name] ?? profile[name];
  const field = (name: keyof BusinessProfileFormValues) => ({
    name,
    defaultValue: value(name),
    error: errors[name],
  });

  return (
    <AdminPanel labelledBy="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Business profile
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted dark:text-mist">
        Shown on the website, in emails and on invoices, and used for prices and cleaner offers.
      </p>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value={PROFILE_INTENT} />
        <SettingsFormMessage summary={summary} />
        <div className="grid gap-5 sm:grid-cols-2">
          <SettingsField label="Business name" autoComplete="organization" {...field("name")} />
          <SettingsField label="Phone" type="tel" autoComplete="off" {...field("phone")} />
          <SettingsField
            label="Email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...field("email")}
          />
          <SettingsField
            label="ABN"
            inputMode="numeric"
            hint="11 digits; spaces are fine."
            {...field("abn")}
          />
          <SettingsField label="Address" className="sm:col-span-2" {...field("address")} />
          <SettingsField
            label="Opening hours"
            multiline
            rows={4}
            hint="One line each, like Mon-Fri: 7am-6pm."
            className="sm:col-span-2"
            {...field("openingHours")}
          />
          <SettingsField
            label="Hourly rate (AUD)"
            inputMode="decimal"
            hint="What customers pay per cleaner hour."
            {...field("hourlyRate")}
          />
          <SettingsField
            label="Cleaner pay rate per hour (AUD)"
            inputMode="decimal"
            {...field("cleanerPayRate")}
          />
          <SettingsField
            label="Bookings per slot"
            inputMode="numeric"
            hint="How many bookings one time slot takes, from 1 to 50."
            {...field("bookingsPerSlot")}
          />
          <SettingsField
            label="Offer response deadline (hours)"
            inputMode="numeric"
            hint="How long a cleaner has to accept a job offer, from 1 to 168."
            {...field("offerResponseHours")}
          />
          <SettingsField
            label="Chat link"
            type="url"
            hint="Where the website's chat button goes, such as a WhatsApp link."
            className="sm:col-span-2"
            spellCheck={false}
            {...field("chatLink")}
          />
        </div>
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save business profile"}
        </button>
      </Form>
    </AdminPanel>
  );
}
