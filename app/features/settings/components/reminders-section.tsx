import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextField } from "~/components/forms/bound-fields";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import {
  REMINDERS_INTENT,
  ReminderSettingsFormSchema,
  type ReminderSettings,
} from "../reminder-settings";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

/** docs/decisions/0075-reminders-once-per-booked-time.md and docs/decisions/0077-quote-follow-ups.md: when reminders and quote follow-ups go. */
export function RemindersSection({
  settings,
  result,
}: {
  settings: ReminderSettings;
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    ReminderSettingsFormSchema,
    REMINDERS_INTENT,
    result,
    {
      defaultValue: {
        reminderHours: String(settings.reminderHours),
        quoteFollowUpDays: String(settings.quoteFollowUpDays),
      },
    },
  );
  return (
    <AdminPanel labelledBy="reminders-heading">
      <h2 id="reminders-heading" className="text-lg font-semibold">
        Reminders and follow-ups
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={REMINDERS_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        <TextField
          meta={fields.reminderHours}
          label="Reminder before each clean (hours)"
          inputMode="numeric"
          hint="Customers get one reminder this long before their clean, by email and, if they asked, by SMS."
        />
        <TextField
          meta={fields.quoteFollowUpDays}
          label="Quote follow-up after (days)"
          inputMode="numeric"
          hint="A quote not booked after this many days gets one follow-up email; a second follows as long again after it."
        />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save reminders"}
        </button>
      </Form>
    </AdminPanel>
  );
}
