import { readFormData } from "~/lib/http.server";
import { data } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { PageHeader } from "~/components/kit/page-header";
import { SIGN_IN_TEXT } from "~/features/auth/auth.schema";
import { SecuritySection, type SecurityResult } from "~/features/auth/components/security-section";
import { requirePermission } from "~/features/auth/require-staff.server";
import { saveStaffTheme } from "~/features/auth/staff-accounts.service.server";
import { StaffThemeSchema, toStaffTheme } from "~/features/auth/staff-theme";
import {
  TWO_FACTOR_TEXT,
  TwoFactorConfirmSchema,
  TwoFactorDisableSchema,
} from "~/features/auth/two-factor";
import { parseForm } from "~/lib/forms";
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
  return {
    theme: toStaffTheme(staff.theme),
    twoFactor: await getTwoFactorState(context, staff.id),
  };
}

function reply(body: SecurityResult, status = 200) {
  return data(body, status);
}

type Step = {
  context: Route.ActionArgs["context"];
  staffId: string;
  intent: string;
  form: FormData;
  info: { ip: string };
};

const saveTheme = async ({ context, staffId, intent, form }: Step) => {
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
  if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
  const result = await confirmEnrolment(context, staffId, parsed.value.code, info);
  if (!result.ok) {
    return reply(
      {
        intent,
        error: TWO_FACTOR_TEXT.wrongCode,
        fieldErrors: { code: TWO_FACTOR_TEXT.codesChange },
      },
      400,
    );
  }
  return reply({
    intent,
    recoveryCodes: result.recoveryCodes,
    toast: { tone: "saved", title: TWO_FACTOR_TEXT.enabled },
  });
};

const turnOffTwoFactor = async ({ context, staffId, intent, form, info }: Step) => {
  const parsed = parseForm(form, TwoFactorDisableSchema);
  if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
  const result = await disableTwoFactor(context, staffId, parsed.value.credential, info);
  if (result === "throttled") {
    return reply(
      {
        intent,
        error: SIGN_IN_TEXT.throttled,
        toast: { tone: "failed", title: SIGN_IN_TEXT.throttled },
      },
      429,
    );
  }
  if (result === "invalid") {
    return reply(
      {
        intent,
        error: TWO_FACTOR_TEXT.wrongCredential,
        fieldErrors: { credential: TWO_FACTOR_TEXT.checkCredential },
      },
      400,
    );
  }
  return reply({
    intent,
    message: TWO_FACTOR_TEXT.disabled,
    toast: { tone: "saved", title: TWO_FACTOR_TEXT.disabled },
  });
};

/** Each form's intent and the step that answers it. */
const HANDLERS: Record<string, (step: Step) => Promise<ReturnType<typeof reply>>> = {
  theme: saveTheme,
  "two-factor-start": startTwoFactor,
  "two-factor-cancel": cancelTwoFactor,
  "two-factor-confirm": confirmTwoFactor,
  "two-factor-disable": turnOffTwoFactor,
};

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "account.manage");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  if (!handler) return reply({ intent, error: "Unknown request." }, 400);
  return handler({ context, staffId: staff.id, intent, form, info: { ip: context.clientIp } });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Your account"
        intro="Your sign-in security and how the admin looks to you. Changes apply straight away."
      />
      <div className="space-y-6">
        <SecuritySection state={loaderData.twoFactor} result={actionData} />
        <AppearanceSection theme={loaderData.theme} result={actionData} />
      </div>
    </>
  );
}
