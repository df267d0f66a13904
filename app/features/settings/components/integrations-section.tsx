import { Form } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextField } from "~/components/forms/bound-fields";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import {
  IntegrationsFormSchema,
  type IntegrationSettings,
  type ResolvedSetting,
  type SecretStatus,
} from "../settings.schema";

import { SAVE_BUTTON_TONE, useSettingsSection, type SettingsResult } from "./settings-form";

export const INTEGRATIONS_INTENT = "integrations";

const FIELDS: {
  name: keyof IntegrationSettings;
  label: string;
  type: "url" | "text";
  hint: string;
}[] = [
  {
    name: "webhookProductionUrl",
    label: "Webhook production URL",
    type: "url",
    hint: "Every new quote, contact message and booking is sent here.",
  },
  {
    name: "webhookTestUrl",
    label: "Webhook test URL",
    type: "url",
    hint: "Contact and post-construction messages try this first, then production.",
  },
  {
    name: "analyticsTagId",
    label: "Analytics tag id",
    type: "text",
    hint: "Like G-ABC123XYZ. Without one, no analytics script loads.",
  },
];

/**
 * The automation host's addresses and the analytics tag. The environment gives first values; a
 * value saved here wins and takes effect at once (the outbox reads it at every delivery).
 * Secrets never leave the environment: the screen says only whether each is set.
 */
export function IntegrationsSection({
  settings,
  secrets,
  result,
}: {
  settings: Record<keyof IntegrationSettings, ResolvedSetting>;
  secrets: SecretStatus[];
  result: SettingsResult | undefined;
}) {
  const { fields, formProps, saving, summary } = useSettingsSection(
    IntegrationsFormSchema,
    INTEGRATIONS_INTENT,
    result,
    {
      defaultValue: {
        webhookProductionUrl: settings.webhookProductionUrl.saved ?? "",
        webhookTestUrl: settings.webhookTestUrl.saved ?? "",
        analyticsTagId: settings.analyticsTagId.saved ?? "",
      },
    },
  );
  return (
    <AdminPanel labelledBy="integrations-heading">
      <h2 id="integrations-heading" className="text-lg font-semibold">
        Webhooks and analytics
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted dark:text-mist">
        Leave a field blank to use the value from the server&rsquo;s environment, if it has one.
      </p>
      <Form method="post" {...formProps} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value={INTEGRATIONS_INTENT} />
        <FormMessage message={summary?.message} tone={summary?.tone} />
        {FIELDS.map(({ name, label, type, hint }) => (
          <TextField
            key={name}
            meta={fields[name]}
            label={label}
            type={type}
            spellCheck={false}
            autoComplete="off"
            hint={
              <>
                {hint} <InForce setting={settings[name]} />
              </>
            }
          />
        ))}
        <button type="submit" className={buttonClasses("ink", SAVE_BUTTON_TONE)} disabled={saving}>
          {saving ? "Saving..." : "Save webhooks and analytics"}
        </button>
      </Form>

      <h3 className="mt-8 text-sm font-semibold">Secrets</h3>
      <p className="mt-1 max-w-2xl text-sm text-muted dark:text-mist">
        Set only in the server&rsquo;s environment, never shown here.
      </p>
      <dl className="mt-3 divide-y divide-line rounded-md border border-line dark:divide-ivory/10 dark:border-ivory/10">
        {secrets.map((secret) => (
          <div
            key={secret.name}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
          >
            <dt className="text-sm">
              {secret.label}{" "}
              <code className="text-xs text-muted dark:text-mist">{secret.name}</code>
            </dt>
            <dd
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                secret.set
                  ? "bg-success/10 text-success dark:bg-emerald-300/10 dark:text-emerald-300"
                  : "bg-ink/5 text-ink-soft dark:bg-ivory/10 dark:text-mist"
              }`}
            >
              {secret.set ? "Set" : "Not set"}
            </dd>
          </div>
        ))}
      </dl>
    </AdminPanel>
  );
}

function InForce({ setting }: { setting: ResolvedSetting }) {
  if (setting.source === "unset") return <>Not set.</>;
  return (
    <>
      In force:{" "}
      <span className="font-semibold break-all text-ink dark:text-ivory">{setting.inForce}</span> (
      {setting.source === "saved" ? "saved here" : "from environment"}).
    </>
  );
}
