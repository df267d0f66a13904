import { readFormData } from "~/lib/http.server";
import { data } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { PageHeader } from "~/components/kit/page-header";
import { SecuritySection, type SecurityResult } from "~/features/auth/components/security-section";
import { PasswordSection, type PasswordResult } from "~/features/auth/components/password-section";
import { changePassword } from "~/features/auth/password-change.service.server";
import { ChangePasswordSchema, PASSWORD_TEXT } from "~/features/auth/password.schema";
import { requirePermission } from "~/features/auth/require-staff.server";
import { saveStaffTheme } from "~/features/auth/staff-accounts.service.server";
import { StaffThemeSchema, toStaffTheme } from "~/features/auth/staff-theme";
import { getStaffSignInPolicy } from "~/features/settings/staff-sign-in.service.server";
import {
  TWO_FACTOR_REQUIRED_TEXT,
  TWO_FACTOR_TEXT,
  TwoFactorConfirmSchema,
  TwoFactorDisableSchema,
} from "~/features/auth/two-factor";
import { parseForm } from "~/lib/forms";
import { failure, failureStatus, type Failure } from "~/lib/result";
import {
  beginEnrolment,
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorState,
} from "~/features/auth/two-factor.service.server";
import { AppearanceSection } from "~/features/auth/components/appearance-section";
import type { Route } from "./+types/account";

// The signed-in person's own account: sign-in security and how the admin looks. Every role may
// open it (account.manage); the business's settings are the owner's, at /admin/settings.

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Your account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "account.manage");
  const twoFactor = await getTwoFactorState(context, staff.id);
  const policy = await getStaffSignInPolicy(context.db);
  return {
    email: staff.email,
    theme: toStaffTheme(staff.theme),
    twoFactor,
    // docs/decisions/0045-password-changes-and-resets.md: the rest of the back office waits.
    twoFactorRequired: policy.requireTwoFactor && !twoFactor.enabled,
  };
}

function reply(body: SecurityResult | PasswordResult, status = 200) {
  return data(body, status);
}

/** A refusal: its message above the form and in a toast, or beside its field when it has one. */
function refused(intent: string, failed: Failure) {
  const status = failureStatus(failed.kind);
  if (failed.fieldErrors) {
    return reply({ intent, error: failed.message, fieldErrors: failed.fieldErrors }, status);
  }
  return reply(
    { intent, error: failed.message, toast: { tone: "failed", title: failed.message } },
    status,
  );
}

/** A form that did not parse: the messages beside its fields. */
const malformed = (intent: string, fieldErrors: Record<string, string>) =>
  reply({ intent, fieldErrors }, failureStatus("malformed"));

type Step = {
  context: Route.ActionArgs["context"];
  staffId: string;
  /** The session making the request: a password change keeps it and ends the others. */
  sessionId: string;
  intent: string;
  form: FormData;
  info: { ip: string };
};

const saveTheme = async ({ context, staffId, intent, form }: Step) => {
  const theme = StaffThemeSchema.safeParse(form.get("theme"));
  if (!theme.success) return refused(intent, failure("malformed", "Choose light, dark or system."));
  await saveStaffTheme(context.db, staffId, theme.data);
  return reply({
    intent,
    message: "Appearance saved.",
    toast: { tone: "saved", title: "Appearance saved." },
  });
};

const startTwoFactor = async ({ context, staffId, intent, info }: Step) => {
  await beginEnrolment(context, staffId, info);
  return reply({ intent });
};

const cancelTwoFactor = async ({ context, staffId, intent, info }: Step) => {
  await cancelEnrolment(context, staffId, info);
  return reply({ intent });
};

const confirmTwoFactor = async ({ context, staffId, intent, form, info }: Step) => {
  const parsed = parseForm(form, TwoFactorConfirmSchema);
  if (!parsed.ok) return malformed(intent, parsed.fieldErrors);
  const result = await confirmEnrolment(context, staffId, parsed.value.code, info);
  if (!result.ok) return refused(intent, result);
  return reply({
    intent,
    recoveryCodes: result.recoveryCodes,
    toast: { tone: "saved", title: TWO_FACTOR_TEXT.enabled },
  });
};

const turnOffTwoFactor = async ({ context, staffId, intent, form, info }: Step) => {
  const parsed = parseForm(form, TwoFactorDisableSchema);
  if (!parsed.ok) return malformed(intent, parsed.fieldErrors);
  const result = await disableTwoFactor(context, staffId, parsed.value.credential, info);
  if (!result.ok) return refused(intent, result);
  return reply({
    intent,
    message: TWO_FACTOR_TEXT.disabled,
    toast: { tone: "saved", title: TWO_FACTOR_TEXT.disabled },
  });
};

const savePassword = async ({ context, staffId, sessionId, form, info }: Step) => {
  const parsed = parseForm(form, ChangePasswordSchema);
  if (!parsed.ok) return malformed("password", parsed.fieldErrors);
  const result = await changePassword(context, { staffId, sessionId }, parsed.value, info);
  if (!result.ok) {
    // A wrong current password shows beside its field only, as it always has.
    if (result.fieldErrors) {
      return reply(
        { intent: "password", fieldErrors: result.fieldErrors },
        failureStatus(result.kind),
      );
    }
    return refused("password", result);
  }
  const done = PASSWORD_TEXT.changed;
  return reply({ intent: "password", message: done, toast: { tone: "saved", title: done } });
};

/** Each form's intent and the step that answers it. */
const HANDLERS: Record<string, (step: Step) => Promise<ReturnType<typeof reply>>> = {
  theme: saveTheme,
  password: savePassword,
  "two-factor-start": startTwoFactor,
  "two-factor-cancel": cancelTwoFactor,
  "two-factor-confirm": confirmTwoFactor,
  "two-factor-disable": turnOffTwoFactor,
};

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, sessionId } = await requirePermission(request, context, "account.manage");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  if (!handler) return reply({ intent, error: "Unknown request." }, failureStatus("malformed"));
  return handler({
    context,
    staffId: staff.id,
    sessionId,
    intent,
    form,
    info: { ip: context.clientIp },
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Your account"
        intro="Your sign-in security and how the admin looks to you. Changes apply straight away."
      />
      <div className="space-y-6">
        {loaderData.twoFactorRequired && (
          <p
            role="status"
            className="rounded-md border border-gold-deep/40 bg-ivory px-4 py-3 text-sm font-semibold dark:border-gold/40 dark:bg-ink"
          >
            {TWO_FACTOR_REQUIRED_TEXT.notice}
          </p>
        )}
        <SecuritySection state={loaderData.twoFactor} result={actionData as SecurityResult} />
        <PasswordSection
          email={loaderData.email}
          result={actionData?.intent === "password" ? (actionData as PasswordResult) : undefined}
        />
        <AppearanceSection theme={loaderData.theme} result={actionData} />
      </div>
    </>
  );
}
