import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { buttonClasses } from "~/components/ui/button";
import { NotificationsFormSchema, type NotificationSettings } from "../settings.schema";
import {
  SAVE_BUTTON_TONE,
  SettingsFormMessage,
  useSettingsForm,
  type SettingsResult,
} from "./settings-form";

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
  const { errors, onSubmit, saving, summary } = useSettingsForm(
    NotificationsFormSchema,
    NOTIFICATIONS_INTENT,
    result,
  );
  return (
    <AdminPanel labelledBy="notifications-heading">
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
        <SettingsFormMessage summary={summary} />
        <Toggle
          name="emailNotifications"
          label="Email notifications"
          hint="Emails to staff about new leads, bookings and cleaner applications."
          defaultChecked={settings.email}
        />
        <Toggle
          name="smsNotifications"
          label="SMS notifications"
          hint={sms.available ? "Text messages to staff about new bookings." : sms.reason}
          defaultChecked={sms.available && settings.sms}
          disabled={!sms.available}
          error={errors.smsNotifications}
        />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save notifications"}
        </button>
      </Form>
    </AdminPanel>
  );
}

function Toggle({
  name,
  label,
  hint,
  error,
  ...input
}: {
  name: string;
  label: string;
  hint: string | null;
  error?: string;
  defaultChecked: boolean;
  disabled?: boolean;
}) {
  const id = `setting-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-5 shrink-0 accent-gold-deep disabled:cursor-not-allowed dark:accent-gold"
        {...input}
      />
      <div>
        <label
          htmlFor={id}
          className={`text-sm font-semibold ${input.disabled ? "cursor-not-allowed text-muted dark:text-mist" : "cursor-pointer"}`}
        >
          {label}
          {input.disabled && <span className="font-normal"> (unavailable)</span>}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted dark:text-mist">
            {hint}
          </p>
        )}
        {error && (
          <p className="mt-1 text-sm font-semibold text-danger dark:text-red-300">{error}</p>
        )}
      </div>
    </div>
  );
}
