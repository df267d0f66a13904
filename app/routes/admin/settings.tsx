import { readFormData } from "~/lib/http.server";
import { data, Link } from "react-router";
import type { ZodError } from "zod";
import { adminMeta } from "~/features/seo/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { requirePermission } from "~/features/auth/require-staff.server";
import {
  BusinessProfileSection,
  PROFILE_INTENT,
} from "~/features/settings/components/business-profile-section";
import {
  INTEGRATIONS_INTENT,
  IntegrationsSection,
} from "~/features/settings/components/integrations-section";
import {
  NOTIFICATIONS_INTENT,
  NotificationsSection,
} from "~/features/settings/components/notifications-section";
import type { SettingsResult } from "~/features/settings/components/settings-form";
import {
  BusinessProfileFormSchema,
  IntegrationsFormSchema,
  NotificationsFormSchema,
  profileFormValues,
  SETTINGS_TEXT,
} from "~/features/settings/settings.schema";
import {
  getBusinessProfile,
  getIntegrationSettings,
  getNotificationSettings,
  secretStatuses,
  smsAvailability,
  updateBusinessProfile,
  privateWebhookTargets,
  updateIntegrationSettings,
  updateNotificationSettings,
} from "~/features/settings/settings.service.server";
import { firstErrorPerField } from "~/lib/field-errors";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "settings.manage");
  return {
    profile: profileFormValues(await getBusinessProfile(context.db)),
    notifications: await getNotificationSettings(context.db),
    sms: smsAvailability(),
    integrations: await getIntegrationSettings(context.db, context.config),
    secrets: secretStatuses(context.config),
  };
}

function reply(body: SettingsResult, status = 200) {
  return data(body, status);
}

/** The form's text fields, for the schema and to hand back what was typed. */
function formValues(form: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}

function invalid(intent: string, error: ZodError, values: Record<string, string>) {
  const fieldErrors = firstErrorPerField(error);
  return reply(
    {
      intent,
      error: SETTINGS_TEXT.fixErrors(Object.keys(fieldErrors).length),
      fieldErrors,
      values,
    },
    400,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  // The business's configuration is the owner's; each person's own security and theme are at
  // /admin/account.
  const { staff } = await requirePermission(request, context, "settings.manage");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");

  const actor = { staffId: staff.id, ip: context.clientIp };

  switch (intent) {
    case PROFILE_INTENT: {
      const values = formValues(form);
      const parsed = BusinessProfileFormSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values);
      await updateBusinessProfile(context.db, parsed.data, actor);
      return reply({ intent, message: SETTINGS_TEXT.profileSaved });
    }
    case NOTIFICATIONS_INTENT: {
      const values = formValues(form);
      const parsed = NotificationsFormSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values);
      if (parsed.data.sms && !smsAvailability().available) {
        return reply(
          {
            intent,
            error: SETTINGS_TEXT.fixErrors(1),
            fieldErrors: { smsNotifications: SETTINGS_TEXT.smsUnavailable },
          },
          400,
        );
      }
      await updateNotificationSettings(context.db, parsed.data, actor);
      return reply({ intent, message: SETTINGS_TEXT.notificationsSaved });
    }
    case INTEGRATIONS_INTENT: {
      const values = formValues(form);
      const parsed = IntegrationsFormSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed.error, values);
      const privateTargets = await privateWebhookTargets(parsed.data, context.config);
      if (Object.keys(privateTargets).length > 0) {
        const count = Object.keys(privateTargets).length;
        return reply(
          { intent, error: SETTINGS_TEXT.fixErrors(count), fieldErrors: privateTargets, values },
          400,
        );
      }
      await updateIntegrationSettings(context.db, parsed.data, actor);
      return reply({ intent, message: SETTINGS_TEXT.integrationsSaved });
    }
    default:
      return reply({ intent, error: "Unknown request." }, 400);
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Settings"
        intro="The business's details, notifications and connections. Changes apply straight away."
      />
      <p className="mb-6 text-sm text-muted dark:text-mist">
        Your own sign-in security and theme are on{" "}
        <Link
          to="/admin/account"
          className="font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
        >
          Your account
        </Link>
        .
      </p>
      <div className="space-y-6">
        <BusinessProfileSection profile={loaderData.profile} result={actionData} />
        <NotificationsSection
          settings={loaderData.notifications}
          sms={loaderData.sms}
          result={actionData}
        />
        <IntegrationsSection
          settings={loaderData.integrations}
          secrets={loaderData.secrets}
          result={actionData}
        />
      </div>
    </>
  );
}
