import { readFormData } from "~/lib/http.server";
import { data, Link } from "react-router";
import type { AppContext } from "~/server/context";
import { adminMeta } from "~/features/seo/admin-meta";
import { PageHeader } from "~/components/kit/page-header";
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
import { DeclineEmailSection } from "~/features/settings/components/decline-email-section";
import { PoliceCheckSection } from "~/features/settings/components/police-check-section";
import { RemindersSection } from "~/features/settings/components/reminders-section";
import {
  REMINDERS_INTENT,
  REMINDERS_SAVED,
  ReminderSettingsFormSchema,
} from "~/features/settings/reminder-settings";
import {
  getReminderSettings,
  updateReminderSettings,
} from "~/features/settings/reminder-settings.service.server";
import { JobChecklistsSection } from "~/features/settings/components/job-checklists-section";
import {
  JOB_VISIT_SETTINGS_INTENT,
  JOB_VISIT_SETTINGS_SAVED,
  JobVisitSettingsFormSchema,
} from "~/features/settings/job-checklist-setting";
import {
  getJobChecklists,
  getProofOfClean,
  updateJobVisitSettings,
} from "~/features/settings/job-checklist-setting.service.server";
import type { SettingsResult } from "~/features/settings/components/settings-form";
import {
  DECLINE_EMAIL_INTENT,
  DECLINE_EMAIL_SAVED,
  DeclineEmailFormSchema,
} from "~/features/settings/decline-email-setting";
import {
  getDeclineEmailText,
  updateDeclineEmailText,
} from "~/features/settings/decline-email-setting.service.server";
import {
  POLICE_CHECK_YEARS_INTENT,
  POLICE_CHECK_YEARS_SAVED,
  PoliceCheckYearsFormSchema,
} from "~/features/settings/police-check-setting";
import {
  getPoliceCheckYears,
  updatePoliceCheckYears,
} from "~/features/settings/police-check-setting.service.server";
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
  privateWebhookTargets,
  secretStatuses,
  smsAvailability,
  updateBusinessProfile,
  updateIntegrationSettings,
  updateNotificationSettings,
} from "~/features/settings/settings.service.server";
import { PaySettingsSection } from "~/features/settings/components/pay-settings-section";
import {
  PAY_SETTINGS_INTENT,
  PAY_SETTINGS_SAVED,
  PaySettingsFormSchema,
} from "~/features/settings/pay-settings";
import { getPaySettings, updatePaySettings } from "~/features/settings/pay-settings.service.server";
import { CardPaymentsSection } from "~/features/settings/components/card-payments-section";
import {
  CARD_RETRY_INTENT,
  CARD_RETRY_SAVED,
  CardRetryFormSchema,
} from "~/features/settings/card-retry-setting";
import {
  getCardRetryHours,
  updateCardRetryHours,
} from "~/features/settings/card-retry-setting.service.server";
import { parseForm, type FormProblem } from "~/lib/forms";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "settings.manage");
  return {
    profile: profileFormValues(await getBusinessProfile(context.db)),
    notifications: await getNotificationSettings(context.db),
    sms: smsAvailability(context.config),
    integrations: await getIntegrationSettings(context.db, context.config),
    secrets: secretStatuses(context.config),
    policeCheckYears: await getPoliceCheckYears(context.db),
    reminders: await getReminderSettings(context.db),
    declineEmailText: await getDeclineEmailText(context.db),
    pay: await getPaySettings(context.db),
    cardRetryHours: await getCardRetryHours(context.db),
    jobChecklists: await getJobChecklists(context.db),
    proofOfClean: await getProofOfClean(context.db),
  };
}

function reply(body: SettingsResult, status = 200) {
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

type SettingsActor = { staffId: string; ip: string | null };

/** Notifications; texts can be switched on only once SMS is set up (docs/decisions/0076-sms-beside-email.md). */
async function saveNotifications(form: FormData, context: AppContext, actor: SettingsActor) {
  const intent = NOTIFICATIONS_INTENT;
  const parsed = parseForm(form, NotificationsFormSchema);
  if (!parsed.ok) return invalid(intent, parsed);
  if (parsed.value.sms && !smsAvailability(context.config).available) {
    return reply(
      {
        intent,
        error: SETTINGS_TEXT.fixErrors(1),
        fieldErrors: { smsNotifications: SETTINGS_TEXT.smsUnavailable },
      },
      400,
    );
  }
  await updateNotificationSettings(context.db, parsed.value, actor, new Date(), context.config);
  return saved(intent, SETTINGS_TEXT.notificationsSaved);
}

/** Integrations; a webhook may not point at a private address. */
async function saveIntegrations(form: FormData, context: AppContext, actor: SettingsActor) {
  const intent = INTEGRATIONS_INTENT;
  const parsed = parseForm(form, IntegrationsFormSchema);
  if (!parsed.ok) return invalid(intent, parsed);
  const privateTargets = await privateWebhookTargets(parsed.value, context.config);
  if (Object.keys(privateTargets).length > 0) {
    const values = Object.fromEntries(
      [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    return invalid(intent, { fieldErrors: privateTargets, values });
  }
  await updateIntegrationSettings(context.db, parsed.value, actor);
  return saved(intent, SETTINGS_TEXT.integrationsSaved);
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
      const parsed = parseForm(form, BusinessProfileFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updateBusinessProfile(context.db, parsed.value, actor);
      return saved(intent, SETTINGS_TEXT.profileSaved);
    }
    case NOTIFICATIONS_INTENT:
      return saveNotifications(form, context, actor);
    case INTEGRATIONS_INTENT:
      return saveIntegrations(form, context, actor);
    case REMINDERS_INTENT: {
      const parsed = parseForm(form, ReminderSettingsFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updateReminderSettings(context.db, parsed.value, actor);
      return saved(intent, REMINDERS_SAVED);
    }
    case POLICE_CHECK_YEARS_INTENT: {
      const parsed = parseForm(form, PoliceCheckYearsFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updatePoliceCheckYears(context.db, parsed.value.policeCheckYears, actor);
      return saved(intent, POLICE_CHECK_YEARS_SAVED);
    }
    case DECLINE_EMAIL_INTENT: {
      const parsed = parseForm(form, DeclineEmailFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updateDeclineEmailText(context.db, parsed.value.declineEmailText, actor);
      return saved(intent, DECLINE_EMAIL_SAVED);
    }
    case PAY_SETTINGS_INTENT: {
      const parsed = parseForm(form, PaySettingsFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updatePaySettings(context.db, parsed.value, actor);
      return saved(intent, PAY_SETTINGS_SAVED);
    }
    case CARD_RETRY_INTENT: {
      const parsed = parseForm(form, CardRetryFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      await updateCardRetryHours(context.db, parsed.value.retryHours, actor);
      return saved(intent, CARD_RETRY_SAVED);
    }
    case JOB_VISIT_SETTINGS_INTENT: {
      const parsed = parseForm(form, JobVisitSettingsFormSchema);
      if (!parsed.ok) return invalid(intent, parsed);
      const { checklistBasic, checklistDeep, checklistPremium, proofOfClean } = parsed.value;
      await updateJobVisitSettings(
        context.db,
        {
          checklists: { basic: checklistBasic, deep: checklistDeep, premium: checklistPremium },
          proofOfClean,
        },
        actor,
      );
      return saved(intent, JOB_VISIT_SETTINGS_SAVED);
    }
    default:
      return reply({ intent, error: "Unknown request." }, 400);
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
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
        <RemindersSection settings={loaderData.reminders} result={actionData} />
        <PoliceCheckSection years={loaderData.policeCheckYears} result={actionData} />
        <DeclineEmailSection text={loaderData.declineEmailText} result={actionData} />
        <PaySettingsSection settings={loaderData.pay} result={actionData} />
        <CardPaymentsSection retryHours={loaderData.cardRetryHours} result={actionData} />
        <JobChecklistsSection
          checklists={loaderData.jobChecklists}
          proofOfClean={loaderData.proofOfClean}
          result={actionData}
        />
      </div>
    </>
  );
}
