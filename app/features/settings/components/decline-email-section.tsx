import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextareaField } from "~/components/forms/bound-fields";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { DECLINE_EMAIL_INTENT, DeclineEmailFormSchema } from "../decline-email-setting";
import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

/** docs/decisions/0056-application-outcomes-and-documents.md: the decline email's words. */
export function DeclineEmailSection({
  text,
  result,
}: {
  text: string;
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    DeclineEmailFormSchema,
    DECLINE_EMAIL_INTENT,
    result,
    { defaultValue: { declineEmailText: text } },
  );
  return (
    <AdminPanel labelledBy="decline-email-heading">
      <h2 id="decline-email-heading" className="text-lg font-semibold">
        Applications
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={DECLINE_EMAIL_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        <TextareaField
          meta={fields.declineEmailText}
          label="Decline email"
          rows={8}
          hint="Sent when an application is declined, after a greeting with the applicant's first name. Leave a blank line between paragraphs. The reason for declining is never sent."
        />
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save decline email"}
        </button>
      </Form>
    </AdminPanel>
  );
}
