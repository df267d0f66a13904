import { describe, expect, test } from "vitest";
import { PERMISSIONS, can } from "./permissions";
import { allowedAdminPaths } from "./admin-access";

describe("the permission table", () => {
  test("an owner may do everything", () => {
    for (const permission of PERMISSIONS) expect(can("owner", permission)).toBe(true);
  });

  test("staff run leads, cleaners and marketing but never money out, settings, people, secrets or the audit log", () => {
    expect(can("staff", "leads.manage")).toBe(true);
    expect(can("staff", "cleaners.manage")).toBe(true);
    expect(can("staff", "marketing.manage")).toBe(true);
    expect(can("staff", "timesheets.manage")).toBe(true);
    for (const permission of [
      "payouts.pay",
      "payroll.manage",
      "refunds.issue",
      "sensitive.reveal",
      "cleaner-documents.manage",
      "settings.manage",
      "team.manage",
      "audit.view",
    ] as const) {
      expect(can("staff", permission)).toBe(false);
    }
  });

  test("a role the table does not know may do nothing", () => {
    expect(can("admin", "account.manage")).toBe(false);
    expect(can("", "dashboard.view")).toBe(false);
  });
});

describe("the admin menu by role", () => {
  test("staff see their own screens but not finance, settings, deliveries, the team or the audit log", () => {
    expect(allowedAdminPaths("staff")).toEqual([
      "/admin/dashboard",
      "/admin/quotes",
      "/admin/messages",
      "/admin/customers",
      "/admin/schedule",
      "/admin/dispatch",
      "/admin/cleaners",
      "/admin/timesheets",
      "/admin/marketing",
      "/admin/account",
    ]);
  });

  test("an owner sees every screen", () => {
    expect(allowedAdminPaths("owner")).toHaveLength(17);
  });
});
