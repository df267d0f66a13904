import { data, Form, isRouteErrorResponse, redirect, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { FormMessage } from "~/components/kit/form-message";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { AuthFrame } from "~/features/auth/components/auth-frame";
import { STAFF_ROLE_LABELS } from "~/features/auth/permissions";
import { AcceptInvitationSchema, TEAM_TEXT } from "~/features/auth/team.schema";
import { acceptInvitation, findOpenInvitation } from "~/features/auth/team.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { parseForm, type FormProblem } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import { STAFF_REDIRECTS } from "~/lib/safe-redirect";
import { readSessionToken } from "~/server/session.server";
import type { Route } from "./+types/invite";

// An invitation link (Team screen): opened without a session, it shows who invited whom, takes
// a name and a password, makes the account and signs its holder in.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Join the team | ${data?.businessName ?? "Admin"}` },
  { name: "robots", content: "noindex, nofollow" },
];

// The token is in the URL: never cached, and never sent to another site as a referrer. (Not
// "no-referrer": a form posted from such a page carries "Origin: null", which the same-origin
// checks rightly refuse, so the invitation could not be accepted without JavaScript.)
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await findOpenInvitation(context.db, params.token);
  const profile = await getBusinessProfile(context.db);
  if (!invitation) {
    throw data({ businessName: profile.name }, { status: 404 });
  }
  return {
    businessName: profile.name,
    email: invitation.email,
    role: STAFF_ROLE_LABELS[invitation.role],
    invitedBy: invitation.invitedBy,
  };
}

/** The join form's answer: errors beside its fields (the password is never sent back). */
type ActionResult = FormProblem<"name" | "password"> & { error?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const parsed = parseForm(form, AcceptInvitationSchema);
  if (!parsed.ok) {
    return data<ActionResult>(
      { fieldErrors: parsed.fieldErrors, values: { name: parsed.values.name ?? "" } },
      failureStatus("malformed"),
    );
  }
  const result = await acceptInvitation(context, params.token, parsed.value, {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
    previousToken: await readSessionToken(request, context.config, "staff"),
  });
  if (!result.ok) return data<ActionResult>({ error: result.message }, failureStatus(result.kind));
  return redirect(STAFF_REDIRECTS.home, {
    headers: {
      "Set-Cookie": result.cookie,
    },
  });
}

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const { fields, formProps } = useAppForm(AcceptInvitationSchema, {
    id: "join",
    result: actionData,
  });
  return (
    <AuthFrame businessName={loaderData.businessName}>
      <h1 className="font-display text-3xl font-medium text-ink">Join the team</h1>
      <p className="mt-2 mb-6 text-sm text-muted">
        {loaderData.invitedBy ?? "An owner"} invited <strong>{loaderData.email}</strong> to the back
        office as {loaderData.role === "Owner" ? "an owner" : "a member of staff"}. Choose your name
        and a password to finish.
      </p>
      <Form method="post" {...formProps} className="space-y-5">
        <FormMessage message={actionData?.error} />
        <TextField meta={fields.name} label="Your name" autoComplete="name" aria-required="true" />
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. A passphrase of a few words is easy to remember."
          aria-required="true"
        />
        <SubmitButton
          busy={submitting}
          busyLabel="Setting up..."
          className={buttonClasses("ink", "w-full disabled:cursor-wait disabled:opacity-80")}
        >
          Create account and sign in
        </SubmitButton>
      </Form>
    </AuthFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const known = isRouteErrorResponse(error) && error.status === 404;
  const businessName = known ? (error.data as { businessName?: string }).businessName : undefined;
  if (!known) throw error;
  return (
    <AuthFrame businessName={businessName ?? "Admin"}>
      <h1 className="font-display text-3xl font-medium text-ink">Invitation not valid</h1>
      <p className="mt-2 text-sm text-muted">{TEAM_TEXT.invalidInvitation}</p>
    </AuthFrame>
  );
}
