import { can, type Permission } from "./permissions";

// Which permission opens each screen of the admin menu. Client-safe: the admin layout's loader
// reads it to hand the shell only the links the signed-in role may open; each route's own
// loader still calls requirePermission with the same permission, so a hidden link is never the
// only lock.
export const ADMIN_PAGE_PERMISSIONS: Record<string, Permission> = {
  "/admin/dashboard": "dashboard.view",
  "/admin/quotes": "leads.view",
  "/admin/messages": "leads.view",
  "/admin/customers": "leads.view",
  "/admin/schedule": "leads.view",
  "/admin/dispatch": "leads.view",
  "/admin/cleaners": "cleaners.view",
  "/admin/finance": "finance.view",
  "/admin/timesheets": "timesheets.manage",
  "/admin/pay-runs": "payroll.manage",
  "/admin/margins": "finance.view",
  "/admin/marketing": "marketing.manage",
  "/admin/settings": "settings.manage",
  "/admin/deliveries": "deliveries.manage",
  "/admin/team": "team.manage",
  "/admin/audit": "audit.view",
  "/admin/account": "account.manage",
};

/** The admin screens `role` may open, by path. */
export function allowedAdminPaths(role: string) {
  return Object.entries(ADMIN_PAGE_PERMISSIONS)
    .filter(([, permission]) => can(role, permission))
    .map(([path]) => path);
}
