import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { SelectField, TextField } from "~/components/forms/bound-fields";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { PAY_SETTINGS_INTENT, PaySettingsFormSchema, type PaySettings } from "../pay-settings";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

/**
 * docs/decisions/0080-pay-rules.md and 0082-aba-bank-file.md: the pay period, the loadings and
 * the account pay runs are sent from.
 */
export function PaySettingsSection({
  settings,
  result,
}: {
  settings: PaySettings;
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    PaySettingsFormSchema,
    PAY_SETTINGS_INTENT,
    result,
    {
      defaultValue: {
        ...settings,
        saturdayLoadingPercent: String(settings.saturdayLoadingPercent),
        sundayLoadingPercent: String(settings.sundayLoadingPercent),
        publicHolidayLoadingPercent: String(settings.publicHolidayLoadingPercent),
      },
    },
  );
  return (
    <AdminPanel labelledBy="pay-settings-heading">
      <h2 id="pay-settings-heading" className="text-lg font-semibold">
        Pay
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={PAY_SETTINGS_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        <SelectField meta={fields.payPeriod} label="Pay period">
          <option value="weekly">Weekly (Monday to Sunday)</option>
          <option value="fortnightly">Fortnightly</option>
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            meta={fields.saturdayLoadingPercent}
            label="Saturday loading (%)"
            inputMode="numeric"
          />
          <TextField
            meta={fields.sundayLoadingPercent}
            label="Sunday loading (%)"
            inputMode="numeric"
          />
          <TextField
            meta={fields.publicHolidayLoadingPercent}
            label="Public holiday loading (%)"
            inputMode="numeric"
            hint="NSW public holidays"
          />
        </div>
        <h3 className="pt-2 font-semibold">Bank file (ABA)</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.bankBsb} label="BSB" inputMode="numeric" autoComplete="off" />
          <TextField
            meta={fields.bankAccount}
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField meta={fields.bankCode} label="Bank code" hint="Three letters, such as WBC" />
          <TextField
            meta={fields.bankUserName}
            label="User name"
            hint="As your bank knows the business"
          />
          <TextField
            meta={fields.apcaNumber}
            label="APCA user number"
            inputMode="numeric"
            hint="Six digits, from your bank"
          />
        </div>
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save pay settings"}
        </button>
      </Form>
    </AdminPanel>
  );
}
