import { data } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { PageHeader } from "~/components/kit/page-header";
import {
  InvitationList,
  InviteSection,
  TeamList,
  type AccessResult,
  type TeamResult,
} from "~/features/auth/components/team-view";
import { PASSWORD_TEXT, SendResetFormSchema } from "~/features/auth/password.schema";
import { sendPasswordResetToMember } from "~/features/auth/password-reset.service.server";
import { STAFF_ROLE_LABELS } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import {
  AccountStatusFormSchema,
  ChangeRoleFormSchema,
  InviteFormSchema,
  SignInPolicyFormSchema,
  TEAM_TEXT,
} from "~/features/auth/team.schema";
import {
  getStaffSignInPolicy,
  updateStaffSignInPolicy,
} from "~/features/settings/staff-sign-in.service.server";
import { SignInPolicySection } from "~/features/auth/components/sign-in-policy-section";
import {
  changeStaffRole,
  getTeam,
  inviteStaff,
  setStaffActive,
  type AccessChangeResult,
} from "~/features/auth/team.service.server";
import { formatDateTime } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { failure, failureStatus, type Failure } from "~/lib/result";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Team");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "team.manage");
  const team = await getTeam(context.db);
  const policy = await getStaffSignInPolicy(context.db);
  return {
    requireTwoFactor: policy.requireTwoFactor,
    withoutTwoFactor: team.members.filter((member) => member.active && !member.twoFactor).length,
    members: team.members.map((member) => ({
      ...member,
      lastSignIn: member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "Never",
      isYou: member.id === staff.id,
    })),
    invitations: team.invitations.map((invitation) => ({
      ...invitation,
      expires: formatDateTime(invitation.expiresAt),
    })),
  };
}

function reply(body: TeamResult, status = 200) {
  return data(body, status);
}

function accessReply(
  intent: AccessResult["intent"],
  staffId: string,
  result: AccessChangeResult,
  done: (name: string) => string,
) {
  if (!result.ok) return refused(intent, result, staffId);
  const message = done(result.name);
  return reply({ intent, staffId, message, toast: { tone: "saved", title: message } });
}

function refused(intent: AccessResult["intent"], failed: Failure, staffId?: string) {
  const error = failed.message;
  return reply(
    { intent, staffId, error, toast: { tone: "failed", title: error } },
    failureStatus(failed.kind),
  );
}

/** A post the Team screen's forms would not send (an intent or a field it does not know). */
const unknownRequest = (intent: AccessResult["intent"]) =>
  refused(intent, failure("malformed", TEAM_TEXT.unknown));

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "team.manage");
  const form = await readFormData(request);
  const intent = form.get("intent");
  const actor = { staffId: staff.id, ip: context.clientIp };

  if (intent === "invite") {
    const parsed = parseForm(form, InviteFormSchema);
    if (!parsed.ok) {
      return reply(
        { intent, fieldErrors: parsed.fieldErrors, values: parsed.values },
        failureStatus("malformed"),
      );
    }
    const result = await inviteStaff(context, parsed.value, actor);
    if (!result.ok) {
      const values = { email: parsed.value.email, role: parsed.value.role };
      return reply({ intent, fieldErrors: result.fieldErrors, values }, failureStatus(result.kind));
    }
    const sent = TEAM_TEXT.invited(parsed.value.email);
    return reply({ intent, message: sent, toast: { tone: "saved", title: sent } });
  }

  if (intent === "role") {
    const parsed = parseForm(form, ChangeRoleFormSchema);
    if (!parsed.ok) return unknownRequest(intent);
    const { staffId, role, confirmed } = parsed.value;
    // A change of role is confirmed first (docs/decisions/0045-password-changes-and-resets.md).
    if (confirmed !== "yes") return reply({ intent, staffId, confirmRole: role });
    const result = await changeStaffRole(context.db, staffId, role, actor);
    return accessReply(intent, staffId, result, (name) =>
      TEAM_TEXT.roleChanged(name, STAFF_ROLE_LABELS[role].toLowerCase()),
    );
  }

  if (intent === "deactivate" || intent === "reactivate") {
    const parsed = parseForm(form, AccountStatusFormSchema);
    if (!parsed.ok) return unknownRequest(intent);
    const active = intent === "reactivate";
    const result = await setStaffActive(context.db, parsed.value.staffId, active, actor);
    return accessReply(
      intent,
      parsed.value.staffId,
      result,
      active ? TEAM_TEXT.reactivated : TEAM_TEXT.deactivated,
    );
  }

  if (intent === "send-reset") return sendResetLink(context, form, actor);

  if (intent === "sign-in-policy") {
    const parsed = parseForm(form, SignInPolicyFormSchema);
    if (!parsed.ok) return unknownRequest(intent);
    const requireTwoFactor = parsed.value.requireTwoFactor === "on";
    await updateStaffSignInPolicy(context.db, { requireTwoFactor }, actor);
    const done = requireTwoFactor ? TEAM_TEXT.twoFactorRequired : TEAM_TEXT.twoFactorOptional;
    return reply({ intent, message: done, toast: { tone: "saved", title: done } });
  }

  return unknownRequest("unknown");
}

async function sendResetLink(
  context: Route.ActionArgs["context"],
  form: FormData,
  actor: { staffId: string; ip: string },
) {
  const parsed = parseForm(form, SendResetFormSchema);
  if (!parsed.ok) return unknownRequest("send-reset");
  const { staffId } = parsed.value;
  const result = await sendPasswordResetToMember(context, staffId, actor);
  if (!result.ok) return refused("send-reset", result, staffId);
  const sent = PASSWORD_TEXT.resetSent(result.email);
  return reply({
    intent: "send-reset",
    staffId,
    message: sent,
    toast: { tone: "saved", title: sent },
  });
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Team"
        intro="Who can sign in to the back office, and what each person may do."
      />
      <div className="space-y-6">
        <InviteSection result={actionData} />
        <InvitationList invitations={loaderData.invitations} />
        <TeamList members={loaderData.members} result={actionData} />
        <SignInPolicySection
          requireTwoFactor={loaderData.requireTwoFactor}
          withoutTwoFactor={loaderData.withoutTwoFactor}
          result={actionData?.intent === "sign-in-policy" ? actionData : undefined}
        />
      </div>
    </>
  );
}
