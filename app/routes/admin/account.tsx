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

// eslint-disable-next-line max-lines-per-function -- not yet split into named steps
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "account.manage");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const info = { ip: context.clientIp };

  switch (intent) {
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
      return reply({
        intent,
        message: "Appearance saved.",
        toast: { tone: "saved", title: "Appearance saved." },
      });
    }
    case "two-factor-start":
      await beginEnrolment(context, staff.id, info);
      return reply({ intent });
    case "two-factor-cancel":
      await cancelEnrolment(context, staff.id, info);
      return reply({ intent });
    case "two-factor-confirm": {
      const parsed = parseForm(form, TwoFactorConfirmSchema);
      if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
      const result = await confirmEnrolment(context, staff.id, parsed.value.code, info);
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
    }
    case "two-factor-disable": {
      const parsed = parseForm(form, TwoFactorDisableSchema);
      if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
      const result = await disableTwoFactor(context, staff.id, parsed.value.credential, info);
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
    }
    default:
      return reply({ intent, error: "Unknown request." }, 400);
  }
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
