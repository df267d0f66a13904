import { readFormData } from "~/lib/http.server";
import { data } from "react-router";
import { adminMeta } from "~/components/admin/admin-meta";
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
import { AppearanceSection } from "~/features/settings/components/appearance-section";
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
  updateIntegrationSettings,
  updateNotificationSettings,
} from "~/features/settings/settings.service.server";
import { parseForm, type FormProblem } from "~/lib/forms";
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

function invalid(intent: string, problem: Required<Pick<FormProblem, "fieldErrors" | "values">>) {
  return reply(
    {
      intent,
      error: SETTINGS_TEXT.fixErrors(Object.keys(problem.fieldErrors).length),
      ...problem,
    },
    400,
  );
}

/** A save's answer: the inline line (before JavaScript loads) and the toast (after). */
function saved(intent: string, message: string) {
  return reply({ intent, message, toast: { tone: "saved", title: message } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const info = { ip: context.clientIp };

  const actor = { staffId: staff.id, ip: context.clientIp };

  switch (intent) {
    case PROFILE_INTENT: {
      const parsed = parseForm(form, BusinessProfileFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updateBusinessProfile(context.db, parsed.value, actor);
      return saved(intent, SETTINGS_TEXT.profileSaved);
    }
    case NOTIFICATIONS_INTENT: {
      const parsed = parseForm(form, NotificationsFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      if (parsed.value.sms && !smsAvailability().available) {
        return reply(
          {
            intent,
            error: SETTINGS_TEXT.fixErrors(1),
            fieldErrors: { smsNotifications: SETTINGS_TEXT.smsUnavailable },
          },
          400,
        );
      }
      await updateNotificationSettings(context.db, parsed.value, actor);
      return saved(intent, SETTINGS_TEXT.notificationsSaved);
    }
    case INTEGRATIONS_INTENT: {
      const parsed = parseForm(form, IntegrationsFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updateIntegrationSettings(context.db, parsed.value, actor);
      return saved(intent, SETTINGS_TEXT.integrationsSaved);
    }
    case "theme": {
      const theme = StaffThemeSchema.safeParse(form.get("theme"));
      if (!theme.success) {
        return reply(
          {
            intent,
            error: "Choose light, dark or system.",
            toast: { tone: "failed", title: "Choose light, dark or system." },
          },
          400,
        );
      }
      await saveStaffTheme(context.db, staff.id, theme.data);
      return saved(intent, "Appearance saved.");
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
        <AppearanceSection theme={loaderData.theme} result={actionData} />
      </div>
    </>
  );
}
