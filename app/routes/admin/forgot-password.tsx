import { data, Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { AuthFrame } from "~/features/auth/components/auth-frame";
import { ForgotPasswordSchema, PASSWORD_TEXT } from "~/features/auth/password.schema";
import { requestPasswordReset } from "~/features/auth/password-reset.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { parseForm, type FormProblem } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/forgot-password";

// "Forgot your password?" from the sign-in screen (docs/decisions/0045-password-changes-and-resets.md):
// the same answer, in about the same time, whether the email has an account or not.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Reset your password | ${data?.businessName ?? "Admin"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await getBusinessProfile(context.db);
  return { businessName: profile.name };
}

type ActionResult = FormProblem<"email"> & { error?: string; sent?: string };

export async function action({ request, context }: Route.ActionArgs) {
  // The service's own limits (per email and per address) are this form's.
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const parsed = parseForm(form, ForgotPasswordSchema);
  if (!parsed.ok) {
    return data<ActionResult>(
      { fieldErrors: parsed.fieldErrors, values: parsed.values },
      failureStatus("malformed"),
    );
  }
  const result = await requestPasswordReset(context, parsed.value.email, { ip: context.clientIp });
  if (!result.ok) {
    // The limits count per hour (password-reset.service.server.ts).
    return data<ActionResult>(
      { error: result.message, values: { email: parsed.value.email } },
      { status: failureStatus(result.kind), headers: { "Retry-After": "3600" } },
    );
  }
  return data<ActionResult>({ sent: PASSWORD_TEXT.resetRequested(parsed.value.email) });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { fields, formProps } = useAppForm(ForgotPasswordSchema, {
    id: "forgot-password",
    result: actionData,
  });
  return (
    <AuthFrame businessName={loaderData.businessName}>
      <h1 className="font-display text-3xl font-medium text-ink">Reset your password</h1>
      {actionData?.sent ? (
        <div className="mt-6">
          <FormMessage message={actionData.sent} tone="success" />
        </div>
      ) : (
        <>
          <p className="mt-2 mb-6 text-sm text-muted">
            Enter your staff email. If it has an account, we will email you a link to choose a new
            password.
          </p>
          <Form method="post" {...formProps} className="space-y-5">
            <FormMessage message={actionData?.error} />
            <TextField
              meta={fields.email}
              label="Email"
              type="email"
              autoComplete="username"
              spellCheck={false}
              autoCapitalize="none"
              aria-required="true"
            />
            <SubmitButton
              busy={navigation.state !== "idle"}
              busyLabel="Sending..."
              className={buttonClasses("ink", "w-full disabled:cursor-wait disabled:opacity-80")}
            >
              Email me a reset link
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-5 text-center text-sm">
        <Link to="/admin/login" className="font-semibold text-ink underline underline-offset-4">
          Back to sign-in
        </Link>
      </p>
    </AuthFrame>
  );
}
