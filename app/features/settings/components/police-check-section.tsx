import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextField } from "~/components/forms/bound-fields";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { POLICE_CHECK_YEARS_INTENT, PoliceCheckYearsFormSchema } from "../police-check-setting";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

/** docs/decisions/0042-who-is-free-for-a-job.md: how long a police check stays valid. */
export function PoliceCheckSection({
  years,
  result,
}: {
  years: number;
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    PoliceCheckYearsFormSchema,
    POLICE_CHECK_YEARS_INTENT,
    result,
    { defaultValue: { policeCheckYears: String(years) } },
  );
  return (
    <AdminPanel labelledBy="police-check-heading">
      <h2 id="police-check-heading" className="text-lg font-semibold">
        Cleaner vetting
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={POLICE_CHECK_YEARS_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        <TextField
          meta={fields.policeCheckYears}
          label="Police check validity (years)"
          inputMode="numeric"
          hint="Suggests a check's expiry when staff record it. Staff are alerted 30 days before a check lapses."
        />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save vetting"}
        </button>
      </Form>
    </AdminPanel>
  );
}
