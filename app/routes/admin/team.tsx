import { data } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import {
  InvitationList,
  InviteSection,
  TeamList,
  type TeamResult,
} from "~/features/auth/components/team-view";
import { STAFF_ROLE_LABELS } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import {
  AccountStatusFormSchema,
  ChangeRoleFormSchema,
  InviteFormSchema,
  TEAM_TEXT,
} from "~/features/auth/team.schema";
import {
  changeStaffRole,
  getTeam,
  inviteStaff,
  setStaffActive,
  type AccessChangeResult,
} from "~/features/auth/team.service.server";
import { firstErrorPerField } from "~/lib/field-errors";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Team");

const WHEN = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  dateStyle: "medium",
  timeStyle: "short",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "team.manage");
  const team = await getTeam(context.db);
  return {
    members: team.members.map((member) => ({
      ...member,
      lastSignIn: member.lastSignInAt ? WHEN.format(new Date(member.lastSignInAt)) : "Never",
      isYou: member.id === staff.id,
    })),
    invitations: team.invitations.map((invitation) => ({
      ...invitation,
      expires: WHEN.format(new Date(invitation.expiresAt)),
    })),
  };
}

function reply(body: TeamResult, status = 200) {
  return data(body, status);
}

function accessReply(intent: string, staffId: string, result: AccessChangeResult, done: string) {
  if (result.status === "not-found") {
    return reply({ intent, staffId, error: TEAM_TEXT.notFound }, 404);
  }
  if (result.status === "last-owner") {
    return reply({ intent, staffId, error: TEAM_TEXT.lastOwner }, 409);
  }
  return reply({ intent, staffId, message: done });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "team.manage");
  const form = await readFormData(request);
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const intent = values.intent ?? "";
  const actor = { staffId: staff.id, ip: context.clientIp };

  if (intent === "invite") {
    const parsed = InviteFormSchema.safeParse(values);
    if (!parsed.success) {
      return reply(
        {
          intent,
          error: "Please check the fields below.",
          fieldErrors: firstErrorPerField<"email" | "role">(parsed.error),
          values: { email: values.email, role: values.role },
        },
        400,
      );
    }
    const result = await inviteStaff(context, parsed.data, actor);
    if (result.status === "member") {
      return reply(
        {
          intent,
          error: "Please check the fields below.",
          fieldErrors: { email: TEAM_TEXT.alreadyMember },
          values: { email: values.email, role: values.role },
        },
        409,
      );
    }
    return reply({ intent, message: TEAM_TEXT.invited(parsed.data.email) });
  }

  if (intent === "role") {
    const parsed = ChangeRoleFormSchema.safeParse(values);
    if (!parsed.success) return reply({ intent, error: TEAM_TEXT.unknown }, 400);
    const { staffId, role } = parsed.data;
    const result = await changeStaffRole(context.db, staffId, role, actor);
    const name = "name" in result ? result.name : "";
    return accessReply(
      intent,
      staffId,
      result,
      TEAM_TEXT.roleChanged(name, STAFF_ROLE_LABELS[role].toLowerCase()),
    );
  }

  if (intent === "deactivate" || intent === "reactivate") {
    const parsed = AccountStatusFormSchema.safeParse(values);
    if (!parsed.success) return reply({ intent, error: TEAM_TEXT.unknown }, 400);
    const active = intent === "reactivate";
    const result = await setStaffActive(context.db, parsed.data.staffId, active, actor);
    const name = "name" in result ? result.name : "";
    return accessReply(
      intent,
      parsed.data.staffId,
      result,
      active ? TEAM_TEXT.reactivated(name) : TEAM_TEXT.deactivated(name),
    );
  }

  return reply({ intent, error: TEAM_TEXT.unknown }, 400);
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Team"
        intro="Who can sign in to the back office, and what each person may do."
      />
      <div className="space-y-6">
        <InviteSection result={actionData} />
        <InvitationList invitations={loaderData.invitations} />
        <TeamList members={loaderData.members} result={actionData} />
      </div>
    </>
  );
}
