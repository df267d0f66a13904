import { readFormData } from "~/lib/http.server";
import { data } from "react-router";
import type { ZodError } from "zod";
import { adminMeta } from "~/features/seo/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { SIGN_IN_TEXT } from "~/features/auth/auth.schema";
import { SecuritySection, type SecurityResult } from "~/features/auth/components/security-section";
import { requireStaff } from "~/features/auth/require-staff.server";
import { saveStaffTheme } from "~/features/auth/staff-accounts.service.server";
import { StaffThemeSchema, toStaffTheme } from "~/features/auth/staff-theme";
import { TWO_FACTOR_TEXT } from "~/features/auth/two-factor";
import {
  beginEnrolment,
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorState,
} from "~/features/auth/two-factor.service.server";
import { AppearanceSection } from "~/features/auth/components/appearance-section";
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
  const { staff } = await requireStaff(request, context);
  return {
    theme: toStaffTheme(staff.theme),
    twoFactor: await getTwoFactorState(context, staff.id),
    profile: profileFormValues(await getBusinessProfile(context.db)),
    notifications: await getNotificationSettings(context.db),
    sms: smsAvailability(),
    integrations: await getIntegrationSettings(context.db, context.config),
    secrets: secretStatuses(context.config),
  };
}

function reply(body: SecurityResult & SettingsResult, status = 200) {
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
  const { staff } = await requireStaff(request, context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const info = { ip: context.clientIp };

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
    case "theme": {
      const theme = StaffThemeSchema.safeParse(form.get("theme"));
      if (!theme.success) {
        return reply({ intent, error: "Choose light, dark or system." }, 400);
      }
      await saveStaffTheme(context.db, staff.id, theme.data);
      return reply({ intent, message: "Appearance saved." });
    }
    case "two-factor-start":
      await beginEnrolment(context, staff.id, info);
      return reply({ intent });
    case "two-factor-cancel":
      await cancelEnrolment(context, staff.id, info);
      return reply({ intent });
    case "two-factor-confirm": {
      const result = await confirmEnrolment(
        context,
        staff.id,
        String(form.get("code") ?? ""),
        info,
      );
      if (!result.ok) {
        return reply({ intent, error: TWO_FACTOR_TEXT.wrongCode }, 400);
      }
      return reply({ intent, recoveryCodes: result.recoveryCodes });
    }
    case "two-factor-disable": {
      const credential = String(form.get("credential") ?? "");
      const result = await disableTwoFactor(context, staff.id, credential, info);
      if (result === "throttled") {
        return reply({ intent, error: SIGN_IN_TEXT.throttled }, 429);
      }
      if (result === "invalid") {
        return reply({ intent, error: TWO_FACTOR_TEXT.wrongCredential }, 400);
      }
      return reply({ intent, message: TWO_FACTOR_TEXT.disabled });
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
        intro="The business's details, notifications and connections, your sign-in security and how the admin looks. Changes apply straight away."
      />
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
        <SecuritySection state={loaderData.twoFactor} result={actionData} />
        <AppearanceSection
          theme={loaderData.theme}
          saved={actionData?.intent === "theme" && !actionData.error}
        />
      </div>
    </>
  );
}
