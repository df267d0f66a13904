import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { Checkbox } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { NotificationsFormSchema, type NotificationSettings } from "../settings.schema";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

export const NOTIFICATIONS_INTENT = "notifications";

/** docs/product/back-office.md#settings's two notification toggles, made to do something (docs/decisions/0024-notification-toggles.md). */
export function NotificationsSection({
  settings,
  sms,
  result,
}: {
  settings: NotificationSettings;
  sms: { available: boolean; reason: string | null };
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    NotificationsFormSchema,
    NOTIFICATIONS_INTENT,
    result,
  );
  return (
    <AdminPanel labelledBy="notifications-heading">
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        <Checkbox
          id={fields.emailNotifications.id}
          name={fields.emailNotifications.name}
          label="Email notifications"
          hint="Emails to staff about new leads, bookings and cleaner applications."
          defaultChecked={settings.email}
        />
        <Checkbox
          id={fields.smsNotifications.id}
          name={fields.smsNotifications.name}
          label="SMS notifications"
          hint={
            sms.available
              ? "Text messages to customers who asked for them: reminders before each clean and payment notices."
              : (sms.reason ?? undefined)
          }
          defaultChecked={sms.available && settings.sms}
          disabled={!sms.available}
          error={fields.smsNotifications.errors?.[0]}
        />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save notifications"}
        </button>
      </Form>
    </AdminPanel>
  );
}
