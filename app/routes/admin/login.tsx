import { data, Link, redirect } from "react-router";
import { FormMessage } from "~/components/kit/form-message";
import { SIGN_IN_TEXT, SecondFactorSchema, SignInSchema } from "~/features/auth/auth.schema";
import { AuthFrame } from "~/features/auth/components/auth-frame";
import { PASSWORD_TEXT } from "~/features/auth/password.schema";
import {
  SecondFactorForm,
  type SecondFactorResult,
} from "~/features/auth/components/second-factor-form";
import { SignInForm, type SignInFormResult } from "~/features/auth/components/sign-in-form";
import {
  clearPendingSignIn,
  readPendingSignIn,
  serializePendingSignIn,
} from "~/features/auth/pending-sign-in.server";
import { readKnownDevice, serializeKnownDevice } from "~/features/auth/known-device.server";
import { findStaffSession } from "~/features/auth/require-staff.server";
import {
  signInWithPassword,
  signInWithSecondFactor,
  type SignInFailure,
  type SignInRequest,
} from "~/features/auth/sign-in.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { parseForm } from "~/lib/forms";
import { failure, failureStatus } from "~/lib/result";
import { STAFF_REDIRECTS, safeRedirect } from "~/lib/safe-redirect";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import { readSessionToken } from "~/server/session.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Staff sign-in | ${data?.businessName ?? "Admin"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), STAFF_REDIRECTS);
  // Already signed in: straight on to the admin.
  if (await findStaffSession(request, context)) throw redirect(redirectTo);
  const pending = await readPendingSignIn(request, context.config);
  const profile = await getBusinessProfile(context.db);
  return {
    step: pending ? ("code" as const) : ("password" as const),
    redirectTo,
    useRecovery: url.searchParams.get("method") === "recovery",
    passwordReset: url.searchParams.get("reset") === "done",
    businessName: profile.name,
  };
}

type ActionResult =
  (SignInFormResult & { step: "password" }) | (SecondFactorResult & { step: "code" });

export async function action({ request, context }: Route.ActionArgs) {
  // The sign-in throttle (sign-in-throttle.server.ts) is this form's limit.
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const { config } = context;
  const intent = form.get("intent");
  const redirectTo = safeRedirect(form.get("redirectTo"), STAFF_REDIRECTS);
  const info: SignInRequest = {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
    previousToken: await readSessionToken(request, config, "staff"),
    knownDeviceStaffId: await readKnownDevice(request, config),
  };

  if (intent === "restart") {
    return redirect(`/admin/login?${new URLSearchParams({ redirectTo })}`, {
      headers: { "Set-Cookie": await clearPendingSignIn(config) },
    });
  }

  if (intent === "code") {
    const pending = await readPendingSignIn(request, config);
    if (!pending) {
      const expired = failure("unauthenticated", SIGN_IN_TEXT.codeExpired);
      return refused(config, "code", { ...expired, restart: true });
    }
    const parsed = parseForm(form, SecondFactorSchema);
    if (!parsed.ok) {
      return data<ActionResult>(
        { step: "code", fieldErrors: parsed.fieldErrors },
        failureStatus("malformed"),
      );
    }
    const result = await signInWithSecondFactor(
      context,
      { staffId: pending.staffId, code: parsed.value.code },
      info,
    );
    if (!result.ok) return refused(config, "code", result);
    return signedIn(context, result, redirectTo);
  }

  const parsed = parseForm(form, SignInSchema);
  const email = typeof form.get("email") === "string" ? String(form.get("email")).trim() : "";
  if (!parsed.ok) {
    // The password is never sent back.
    return data<ActionResult>(
      { step: "password", fieldErrors: parsed.fieldErrors, values: { email } },
      failureStatus("malformed"),
    );
  }
  const result = await signInWithPassword(context, parsed.value, info);
  if (!result.ok) return refused(config, "password", result, email);
  if (result.step === "second-factor") {
    return redirect(`/admin/login?${new URLSearchParams({ redirectTo })}`, {
      headers: { "Set-Cookie": await serializePendingSignIn(config, result.staffId) },
    });
  }
  return signedIn(context, result, redirectTo);
}

/**
 * A refused step, with its failure's status: a throttled one says when to try again, a busy one
 * in a moment, and a second step that is over goes back to the password (email kept blank).
 */
async function refused(
  config: Route.ActionArgs["context"]["config"],
  step: ActionResult["step"],
  failed: SignInFailure,
  email = "",
) {
  const headers = new Headers();
  if (failed.until) {
    const seconds = Math.max(1, Math.ceil((failed.until.getTime() - Date.now()) / 1000));
    headers.set("Retry-After", String(seconds));
  }
  if (failed.kind === "unavailable") headers.set("Retry-After", "2");
  if (failed.restart) headers.append("Set-Cookie", await clearPendingSignIn(config));
  const init = { status: failureStatus(failed.kind), headers };
  if (failed.restart) return data<ActionResult>({ step: "password", error: failed.message }, init);
  return data<ActionResult>(
    step === "code"
      ? { step, error: failed.message }
      : { step, error: failed.message, values: { email } },
    init,
  );
}

async function signedIn(
  context: Route.ActionArgs["context"],
  session: { staffId: string; cookie: string },
  to: string,
) {
  const headers = new Headers();
  headers.append("Set-Cookie", session.cookie);
  headers.append("Set-Cookie", await clearPendingSignIn(context.config));
  // This device's later sign-ins are served ahead of a flood (known-device.server.ts).
  headers.append("Set-Cookie", await serializeKnownDevice(context.config, session.staffId));
  return redirect(to || STAFF_REDIRECTS.home, { headers });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? loaderData.step;
  return (
    <AuthFrame businessName={loaderData.businessName}>
      <h1 className="font-display text-3xl font-medium text-ink">
        {step === "code" ? "Two-step verification" : "Staff sign-in"}
      </h1>
      <p className="mt-2 mb-6 text-sm text-muted">
        {step === "code"
          ? "Your password was right. One more step keeps the account yours."
          : "For the team only. Sign in with your staff email and password."}
      </p>
      {step === "code" ? (
        <SecondFactorForm
          redirectTo={loaderData.redirectTo}
          useRecovery={loaderData.useRecovery}
          result={actionData?.step === "code" ? actionData : undefined}
        />
      ) : (
        <>
          {/* After a reset (docs/decisions/0045-password-changes-and-resets.md). */}
          {loaderData.passwordReset && !actionData && (
            <div className="mb-5">
              <FormMessage message={PASSWORD_TEXT.resetDone} tone="success" />
            </div>
          )}
          <SignInForm
            redirectTo={loaderData.redirectTo}
            result={actionData?.step === "password" ? actionData : undefined}
          />
          <p className="mt-5 text-center text-sm">
            <Link
              to="/admin/forgot-password"
              className="font-semibold text-ink underline underline-offset-4"
            >
              Forgot your password?
            </Link>
          </p>
        </>
      )}
    </AuthFrame>
  );
}
