import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { AuthFrame } from "~/features/auth/components/auth-frame";
import { NewPasswordFields } from "~/features/auth/components/new-password-fields";
import { PASSWORD_TEXT, ResetPasswordSchema } from "~/features/auth/password.schema";
import {
  findResettableAccount,
  resetPassword,
} from "~/features/auth/password-reset.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { parseForm, type FormProblem } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/reset-password";

// A reset link (docs/decisions/0045-password-changes-and-resets.md): opened without a session,
// it takes a new password twice, sets it, ends every session and sends its holder to sign in.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Choose a new password | ${data?.businessName ?? "Admin"}` },
  { name: "robots", content: "noindex, nofollow" },
];

// The token is in the URL: never cached, and never sent to another site as a referrer (as the
// invitation page: "same-origin", since "no-referrer" makes the form post "Origin: null").
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const account = await findResettableAccount(context.db, params.token);
  const profile = await getBusinessProfile(context.db);
  if (!account) throw data({ businessName: profile.name }, { status: 404 });
  return { businessName: profile.name, email: account.email };
}

/** The form's answer: errors beside its fields (passwords are never sent back). */
type ActionResult = FormProblem<"password" | "confirmPassword"> & { error?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const parsed = parseForm(form, ResetPasswordSchema);
  if (!parsed.ok) {
    return data<ActionResult>({ fieldErrors: parsed.fieldErrors }, failureStatus("malformed"));
  }
  const result = await resetPassword(context.db, params.token, parsed.value, {
    ip: context.clientIp,
  });
  if (!result.ok) return data<ActionResult>({ error: result.message }, failureStatus(result.kind));
  return redirect("/admin/login?reset=done");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { fields, formProps } = useAppForm(ResetPasswordSchema, {
    id: "reset-password",
    result: actionData,
  });
  return (
    <AuthFrame businessName={loaderData.businessName}>
      <h1 className="font-display text-3xl font-medium text-ink">Choose a new password</h1>
      <p className="mt-2 mb-6 text-sm text-muted">
        For <strong className="break-all">{loaderData.email}</strong>. A new password signs this
        account out everywhere.
      </p>
      <Form method="post" {...formProps} className="space-y-5">
        <FormMessage message={actionData?.error} />
        <NewPasswordFields
          email={loaderData.email}
          password={fields.password}
          confirmPassword={fields.confirmPassword}
        />
        <SubmitButton
          busy={navigation.state !== "idle"}
          busyLabel="Saving..."
          className={buttonClasses("ink", "w-full disabled:cursor-wait disabled:opacity-80")}
        >
          Save new password
        </SubmitButton>
      </Form>
    </AuthFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const known = isRouteErrorResponse(error) && error.status === 404;
  if (!known) throw error;
  const businessName = (error.data as { businessName?: string }).businessName;
  return (
    <AuthFrame businessName={businessName ?? "Admin"}>
      <h1 className="font-display text-3xl font-medium text-ink">Link not valid</h1>
      <p className="mt-2 text-sm text-muted">{PASSWORD_TEXT.invalidLink}</p>
      <p className="mt-5 text-sm">
        <Link
          to="/admin/forgot-password"
          className="font-semibold text-ink underline underline-offset-4"
        >
          Ask for a new link
        </Link>
      </p>
    </AuthFrame>
  );
}
