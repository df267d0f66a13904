import { Form, useNavigation } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { buttonClasses } from "~/components/ui/button";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../permissions";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./button-tones";
import { INPUT_CLASS } from "~/components/kit/input-class";
import { FormMessage } from "~/components/kit/form-message";
import { TextField } from "./text-field";

export type TeamResult = {
  intent: string;
  staffId?: string;
  error?: string;
  message?: string;
  fieldErrors?: Partial<Record<"email" | "role", string>>;
  values?: { email?: string; role?: string };
};

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

/** The invite form: an email and a role; errors beside their fields. */
export function InviteSection({ result }: { result: TeamResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const mine = result?.intent === "invite" ? result : undefined;
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
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="invite" />
        <FormMessage message={mine?.error} />
        <FormMessage message={mine?.message} tone="success" />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            required
            defaultValue={mine?.error ? mine.values?.email : undefined}
            error={mine?.fieldErrors?.email}
          />
          <RoleSelect
            id="invite-role"
            defaultValue={(mine?.values?.role as StaffRole | undefined) ?? "staff"}
            error={mine?.fieldErrors?.role}
          />
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

function RoleSelect({
  id,
  defaultValue,
  error,
  label = "Role",
}: {
  id: string;
  defaultValue: StaffRole | "unknown";
  error?: string;
  label?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name="role"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={INPUT_CLASS}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-semibold text-danger dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** Every account: name, email, role, status, last sign-in, with role and access changes. */
export function TeamList({
  members,
  result,
}: {
  members: TeamMemberRow[];
  result: TeamResult | undefined;
}) {
  return (
    <AdminPanel labelledBy="accounts-heading">
      <h2 id="accounts-heading" className="text-lg font-semibold">
        Accounts
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        Changing someone&apos;s role or deactivating them signs them out everywhere at once. The
        business always keeps at least one active owner.
      </p>
      <ul className="divide-y divide-line dark:divide-ivory/10">
        {members.map((member) => (
          <li key={member.id} className="py-4">
            <MemberRow
              member={member}
              result={result?.staffId === member.id ? result : undefined}
            />
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}

function MemberRow({ member, result }: { member: TeamMemberRow; result?: TeamResult }) {
  const roleId = `role-${member.id}`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-base font-semibold">
          {member.name}
          {member.isYou && <span className="font-normal text-muted dark:text-mist"> (you)</span>}
        </h3>
        <p className="text-sm">
          <span className="font-semibold">
            {member.role === "unknown" ? "Unknown role" : STAFF_ROLE_LABELS[member.role]}
          </span>
          {" · "}
          <span className={member.active ? "" : "font-semibold text-danger dark:text-red-300"}>
            {member.active ? "Active" : "Deactivated"}
          </span>
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-muted dark:text-mist">Email</dt>
          <dd className="break-all">{member.email}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted dark:text-mist">Last sign-in</dt>
          <dd>{member.lastSignIn}</dd>
        </div>
      </dl>
      <FormMessage message={result?.error} />
      <FormMessage message={result?.message} tone="success" />
      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="staffId" value={member.id} />
          <RoleSelect id={roleId} defaultValue={member.role} label={`Role of ${member.name}`} />
          <button
            type="submit"
            className={buttonClasses("outline", `min-h-11 ${SECONDARY_BUTTON}`)}
          >
            Change role
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={member.active ? "deactivate" : "reactivate"} />
          <input type="hidden" name="staffId" value={member.id} />
          <button
            type="submit"
            className={buttonClasses("outline", `min-h-11 ${SECONDARY_BUTTON}`)}
          >
            {member.active ? `Deactivate ${member.name}` : `Reactivate ${member.name}`}
          </button>
        </Form>
      </div>
    </div>
  );
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
