import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { STAFF_ROLE_LABELS, type StaffRole } from "../permissions";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./button-tones";
import type { TeamMemberRow } from "./team-view";

// A change to someone's access is confirmed first: a dialog with JavaScript, a confirmation step
// before it loads (the server changes a role only when the post says it was confirmed).

/** The change waiting for its confirmation. */
export type PendingChange =
  | { kind: "deactivate"; member: TeamMemberRow }
  | { kind: "role"; member: TeamMemberRow; role: StaffRole };

const ROLE_EFFECT: Record<StaffRole, string> = {
  owner: "Owners can also see money, change settings and manage the team.",
  staff: "They lose access to money, settings and the team.",
};

/** What the confirmation says, and the post its confirm button makes. */
export function confirmation(change: PendingChange): {
  title: string;
  description: string;
  confirmLabel: string;
  values: Record<string, string>;
} {
  const { member } = change;
  if (change.kind === "deactivate") {
    return {
      title: `Deactivate ${member.name}?`,
      description:
        "They are signed out everywhere at once and can no longer sign in. You can reactivate them later.",
      confirmLabel: "Deactivate",
      values: { intent: "deactivate", staffId: member.id },
    };
  }
  const role = STAFF_ROLE_LABELS[change.role].toLowerCase();
  return {
    title: change.role === "owner" ? `Make ${member.name} an owner?` : `Make ${member.name} staff?`,
    description: `${ROLE_EFFECT[change.role]} They are signed out everywhere at once and sign in again with the new role.`,
    confirmLabel: `Make ${role}`,
    values: { intent: "role", staffId: member.id, role: change.role, confirmed: "yes" },
  };
}

/** The confirmation step a role change shows before JavaScript loads: confirm, or go back. */
export function RoleConfirmStep({ change }: { change: PendingChange & { kind: "role" } }) {
  const { title, description, confirmLabel, values } = confirmation(change);
  return (
    <section
      aria-labelledby="confirm-role-heading"
      className="mb-4 rounded-md border border-gold-deep/40 bg-ivory p-4 dark:border-gold/40 dark:bg-ink"
    >
      <h3 id="confirm-role-heading" className="font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm">{description}</p>
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClasses("ink", `min-h-11 ${PRIMARY_BUTTON}`)}>
          {confirmLabel}
        </button>
        <Link to="/admin/team" className={buttonClasses("outline", `min-h-11 ${SECONDARY_BUTTON}`)}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
