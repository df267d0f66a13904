// The one table of who may do what in the back office. Client-safe (the navigation reads it to
// show only what a role may open); the server enforces it through requirePermission.

export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  staff: "Staff",
};

/** What every member of staff may do: their own account, leads, bookings, cleaners, marketing. */
const STAFF_PERMISSIONS = [
  "account.manage",
  "dashboard.view",
  "leads.view",
  "leads.manage",
  "bookings.manage",
  "assignments.manage",
  "cleaners.view",
  "cleaners.manage",
  "marketing.manage",
  // docs/decisions/0080-pay-rules.md: staff see timesheets and adjust pending lines with a reason.
  "timesheets.manage",
] as const;

/** Owners only: money going out, the business's configuration, people, secrets and the audit log. */
const OWNER_ONLY_PERMISSIONS = [
  "finance.view",
  "payouts.pay",
  // docs/decisions/0081-pay-runs-pay-a-line-once.md: approving lines, pay runs, the ABA file and
  // the payroll exports.
  "payroll.manage",
  "refunds.issue",
  "sensitive.reveal",
  // Identity papers (ID, right to work, police check certificates): as private as bank details
  // (docs/decisions/0056-application-outcomes-and-documents.md).
  "cleaner-documents.manage",
  "settings.manage",
  "deliveries.manage",
  "team.manage",
  "audit.view",
] as const;

/** Every action a loader or an action may ask for. */
export const PERMISSIONS = [...STAFF_PERMISSIONS, ...OWNER_ONLY_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  staff: new Set(STAFF_PERMISSIONS),
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do `permission`. An unknown role (a row edited by hand) may do nothing. */
export function can(role: string, permission: Permission) {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].has(permission);
}
