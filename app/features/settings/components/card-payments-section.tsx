import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextField } from "~/components/forms/bound-fields";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { CARD_RETRY_INTENT, CardRetryFormSchema, formatRetryHours } from "../card-retry-setting";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

/** docs/decisions/0093-save-a-card-after-the-first-visit.md: when a declined saved card is tried again. */
export function CardPaymentsSection({
  retryHours,
  result,
}: {
  retryHours: readonly number[];
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    CardRetryFormSchema,
    CARD_RETRY_INTENT,
    result,
    { defaultValue: { retryHours: formatRetryHours(retryHours) } },
  );
  return (
    <AdminPanel labelledBy="card-payments-heading">
      <h2 id="card-payments-heading" className="text-lg font-semibold">
        Card payments
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={CARD_RETRY_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        <TextField
          meta={fields.retryHours}
          label="Try a declined saved card again after (hours)"
          hint="One number per new try, each counted from the try before, like 24, 72. The customer is emailed a link to pay after each decline; after the last, the business is told."
        />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save card payments"}
        </button>
      </Form>
    </AdminPanel>
  );
}
