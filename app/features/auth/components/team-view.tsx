import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { SelectField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { DataTable, type Column } from "~/components/kit/data-table";
import { ConfirmDialog } from "~/components/kit/dialog";
import { RowActionsMenu, type MenuAction } from "~/components/kit/dropdown-menu";
import { FormMessage } from "~/components/kit/form-message";
import { StatusBadge } from "~/components/kit/status-badge";
import { useResultToast, type ToastMessage } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import type { FormProblem } from "~/lib/forms";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../permissions";
import { InviteFormSchema } from "../team.schema";
import { PRIMARY_BUTTON } from "./button-tones";
import { confirmation, RoleConfirmStep, type PendingChange } from "./team-confirm";
import { RowForms } from "./team-row-forms";

/** The answer to the invite form: errors beside its fields, or the invitation sent. */
export type InviteResult = FormProblem<"email" | "role"> & {
  intent: "invite";
  error?: string;
  message?: string;
  toast?: ToastMessage;
};

/** The answer to a row's role change, deactivation or reactivation (or an unknown post). */
export type AccessResult = {
  intent: "role" | "deactivate" | "reactivate" | "send-reset" | "sign-in-policy" | "unknown";
  staffId?: string;
  /** A role change posted without its confirmation: the role it asks for, to confirm first. */
  confirmRole?: StaffRole;
  error?: string;
  message?: string;
  toast?: ToastMessage;
};

/** What the Team screen's action answers. */
export type TeamResult = InviteResult | AccessResult;

export type TeamMemberRow = {
  id: string;
  name: string;
  email: string;
  role: StaffRole | "unknown";
  active: boolean;
  lastSignIn: string;
  isYou: boolean;
};

export type InvitationRow = {
  id: string;
  email: string;
  role: StaffRole;
  expires: string;
  invitedBy: string | null;
};

/** The invite form: an email and a role, on the one form approach (docs/architecture.md#forms). */
export function InviteSection({ result }: { result: TeamResult | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const mine = result?.intent === "invite" ? result : undefined;
  const { form, fields, formProps } = useAppForm(InviteFormSchema, {
    id: "invite",
    result: mine,
    defaultValue: { role: "staff" },
  });
  useResultToast(mine);

  // A sent invitation empties the form for the next one (once per answer).
  const sent = mine?.message ? mine : undefined;
  const resetFor = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!sent || resetFor.current === sent) return;
    resetFor.current = sent;
    form.reset();
  }, [sent, form]);

  return (
    <AdminPanel labelledBy="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        They get an email with a link that works once, for 48 hours, to choose their name and
        password. Staff run leads, bookings, cleaners and marketing; owners can also see money,
        change settings and manage the team.
      </p>
      <Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="invite" />
        <FormMessage message={mine?.error} />
        {/* With JavaScript the toast says it; before it loads, this line does. */}
        <FormMessage message={hydrated ? undefined : mine?.message} tone="success" />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField
            meta={fields.email}
            label="Email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            aria-required="true"
          />
          <SelectField meta={fields.role} label="Role">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
        </div>
        <button
          type="submit"
          disabled={sending}
          className={buttonClasses("ink", `disabled:cursor-wait ${PRIMARY_BUTTON}`)}
        >
          {sending ? "Sending..." : "Send invitation"}
        </button>
      </Form>
    </AdminPanel>
  );
}

function roleLabel(role: TeamMemberRow["role"]) {
  return role === "unknown" ? "Unknown role" : STAFF_ROLE_LABELS[role];
}

/**
 * Every account as the kit's data table. Each row's actions sit in a menu (change role,
 * deactivate with a confirmation, reactivate); before JavaScript loads, the row shows the same
 * actions as small forms instead, so they work without it.
 */
export function TeamList({
  members,
  result,
}: {
  members: TeamMemberRow[];
  result: TeamResult | undefined;
}) {
  const hydrated = useHydrated();
  const team = useTeamList(result);
  const { own, post, confirming } = team;
  const askedRole = roleToConfirm(members, own);

  return (
    <AdminPanel labelledBy="accounts-heading">
      <h2 id="accounts-heading" className="text-lg font-semibold">
        Accounts
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        Changing someone&apos;s role or deactivating them signs them out everywhere at once. The
        business always keeps at least one active owner. A password reset link works once, for 30
        minutes.
      </p>
      {/* With JavaScript the toast says it; before it loads, this line does. */}
      {!hydrated && (
        <div className="mb-4">
          <FormMessage message={own?.error} />
          <FormMessage message={own?.message} tone="success" />
        </div>
      )}
      {askedRole && <RoleConfirmStep change={askedRole} />}
      <DataTable
        caption="Accounts"
        rows={members}
        rowKey={(member) => member.id}
        columns={teamColumns(hydrated, post, team.ask)}
        params={new URLSearchParams()}
        empty={{ title: "No accounts yet." }}
      />
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) team.setConfirming(null);
          }}
          {...confirmation(confirming)}
          returnFocusTo={team.returnFocusTo}
          onConfirm={() => post(confirmation(confirming).values)}
        />
      )}
    </AdminPanel>
  );
}

type Post = (values: Record<string, string>) => void;

/** The role change the server asked to confirm (a post made before JavaScript loaded). */
function roleToConfirm(members: TeamMemberRow[], own: AccessResult | undefined) {
  const member = members.find((row) => row.id === own?.staffId);
  if (!member || !own?.confirmRole || member.role === own.confirmRole) return undefined;
  return { kind: "role" as const, member, role: own.confirmRole };
}

/**
 * The change being confirmed (focus goes back to its row's menu button once the dialog closes),
 * the posts, and the answer to this list's own forms (not the invitation's).
 */
function useTeamList(result: TeamResult | undefined) {
  const submit = useSubmit();
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  // Kept after the dialog closes, so focus can go back to that row's menu button.
  const [returnFocusTo, setReturnFocusTo] = useState<string>();
  const ask = (change: PendingChange) => {
    setReturnFocusTo(actionsId(change.member));
    setConfirming(change);
  };
  // The sign-in policy's answer is its own section's.
  const own =
    result && result.intent !== "invite" && result.intent !== "sign-in-policy" ? result : undefined;
  useResultToast(own);
  const post: Post = (values) => void submit(values, { method: "post" });
  return { confirming, setConfirming, returnFocusTo, ask, own, post };
}

function teamColumns(
  hydrated: boolean,
  post: Post,
  ask: (change: PendingChange) => void,
): Column<TeamMemberRow>[] {
  return [
    {
      key: "name",
      header: "Name",
      // On a phone the email and last sign-in sit under the name (their columns are hidden).
      cell: (member) => (
        <>
          <span className="font-semibold">
            {member.name}
            {member.isYou && <span className="font-normal text-muted dark:text-mist"> (you)</span>}
          </span>
          <span className="mt-0.5 block break-all text-muted md:hidden dark:text-mist">
            {member.email}
          </span>
          <span className="mt-0.5 block text-muted sm:hidden dark:text-mist">
            Last sign-in: {member.lastSignIn}
          </span>
        </>
      ),
    },
    {
      key: "email",
      header: "Email",
      cell: (member) => member.email,
      className: "hidden break-all md:table-cell",
    },
    {
      key: "role",
      header: "Role",
      // On a phone the status badge sits under the role (its column is hidden).
      cell: (member) => (
        <div className="flex flex-col items-start gap-1.5">
          <StatusBadge kind="staffRole" status={member.role} label={roleLabel(member.role)} />
          <span className="sm:hidden">
            <AccessBadge member={member} />
          </span>
        </div>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (member) => <AccessBadge member={member} />,
      className: "hidden sm:table-cell",
    },
    {
      key: "lastSignIn",
      header: "Last sign-in",
      cell: (member) => member.lastSignIn,
      className: "hidden whitespace-nowrap sm:table-cell",
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (member) =>
        hydrated ? (
          <RowActionsMenu
            label={`Actions for ${member.name}`}
            triggerId={actionsId(member)}
            actions={memberActions(member, post, ask)}
          />
        ) : (
          <RowForms member={member} />
        ),
    },
  ];
}

function AccessBadge({ member }: { member: TeamMemberRow }) {
  return (
    <StatusBadge
      kind="staffAccess"
      status={member.active ? "active" : "deactivated"}
      label={member.active ? "Active" : "Deactivated"}
    />
  );
}

function actionsId(member: TeamMemberRow) {
  return `actions-${member.id}`;
}

function memberActions(
  member: TeamMemberRow,
  post: (values: Record<string, string>) => void,
  ask: (change: PendingChange) => void,
): MenuAction[] {
  // Each role change opens its confirmation (the "…" says one follows).
  const roles = STAFF_ROLES.filter((role) => role !== member.role).map((role) => ({
    label: `Make ${STAFF_ROLE_LABELS[role].toLowerCase()}…`,
    onSelect: () => ask({ kind: "role", member, role }),
  }));
  const access: MenuAction = member.active
    ? { label: "Deactivate…", danger: true, onSelect: () => ask({ kind: "deactivate", member }) }
    : {
        label: "Reactivate",
        onSelect: () => post({ intent: "reactivate", staffId: member.id }),
      };
  // docs/decisions/0045-password-changes-and-resets.md: only an active account can use a link.
  const reset: MenuAction[] = member.active
    ? [
        {
          label: "Send password reset link",
          onSelect: () => post({ intent: "send-reset", staffId: member.id }),
        },
      ]
    : [];
  return [...roles, ...reset, access];
}

/** Invitations not yet used and still valid. */
export function InvitationList({ invitations }: { invitations: InvitationRow[] }) {
  if (invitations.length === 0) return null;
  return (
    <AdminPanel labelledBy="invitations-heading">
      <h2 id="invitations-heading" className="text-lg font-semibold">
        Open invitations
      </h2>
      <ul className="mt-3 divide-y divide-line text-sm dark:divide-ivory/10">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="py-3">
            <span className="font-semibold break-all">{invitation.email}</span>
            {" · "}
            {STAFF_ROLE_LABELS[invitation.role]}
            {" · "}
            link works until {invitation.expires}
            {invitation.invitedBy ? `, invited by ${invitation.invitedBy}` : ""}
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}
