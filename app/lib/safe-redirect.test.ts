import { describe, expect, test } from "vitest";
import { CUSTOMER_REDIRECTS, STAFF_REDIRECTS, safeRedirect } from "./safe-redirect";

// Tricks that would take anyone off the site, whichever audience's list is asked.
const OFFSITE: [string, unknown][] = [
  ["a protocol-relative URL", "//evil.example/admin"],
  ["a backslash trick", "/\\evil.example"],
  ["a full URL", "https://evil.example/admin/quotes"],
  ["a javascript: URL", "javascript:alert(1)"],
  ["a data: URL", "data:text/html,<script>alert(1)</script>"],
  ["a tab browsers would strip", "/\t/evil.example"],
  ["a newline", "/admin\n/x"],
  ["a null byte", "/admin/quotes\u0000"],
  ["a DEL character", "/admin/\u007fquotes"],
  ["an encoded protocol-relative URL", "/%2F%2Fevil.example/admin"],
  ["an encoded protocol-relative URL in lower case", "/%2f%2fevil.example"],
  ["an encoded backslash", "/%5Cevil.example"],
  ["an encoded backslash inside a prefix", "/admin/%5C%5Cevil.example"],
  ["an encoded tab", "/%09/evil.example"],
  ["an encoded newline inside a prefix", "/admin/%0A/x"],
  ["an encoded null byte", "/bookings%00"],
  ["a broken escape", "/admin/%E0%A4%A"],
  ["an encoded climb with slashes", "/admin/..%2F..%2Fcontact"],
  ["a path that does not start with a slash", "admin/quotes"],
  ["an overlong value", `/admin/${"a".repeat(2050)}`],
  ["nothing", ""],
  ["not a string", null],
  ["undefined", undefined],
];

describe("where sign-in sends a staff member", () => {
  test.each([
    ["/admin/quotes", "/admin/quotes"],
    ["/admin/cleaners/abc?tab=jobs#notes", "/admin/cleaners/abc?tab=jobs#notes"],
    ["/admin", "/admin"],
  ])("an admin path of this site is kept: %s", (value, expected) => {
    expect(safeRedirect(value, STAFF_REDIRECTS)).toBe(expected);
  });

  test.each([
    ...OFFSITE,
    ["a public page", "/contact"],
    ["a customer page", "/bookings"],
    ["a look-alike prefix", "/administrator"],
    ["a path that climbs out", "/admin/../contact"],
    ["an encoded climb", "/admin/%2e%2e/contact"],
    ["the sign-in screen itself", "/admin/login"],
    ["sign-out", "/admin/logout/"],
  ])("%s falls back to the dashboard", (_name, value) => {
    expect(safeRedirect(value, STAFF_REDIRECTS)).toBe("/admin/dashboard");
  });

  test("a page's own fallback replaces the dashboard when given", () => {
    expect(safeRedirect("/admin/deliveries?page=2", STAFF_REDIRECTS, "/admin/deliveries")).toBe(
      "/admin/deliveries?page=2",
    );
    expect(safeRedirect("//evil.example", STAFF_REDIRECTS, "/admin/deliveries")).toBe(
      "/admin/deliveries",
    );
  });
});

describe("where a customer lands after signing in", () => {
  test("their own account pages are kept, with the query", () => {
    expect(safeRedirect("/bookings?ref=HG-ABCDEFGHJK", CUSTOMER_REDIRECTS)).toBe(
      "/bookings?ref=HG-ABCDEFGHJK",
    );
    expect(safeRedirect("/profile/details", CUSTOMER_REDIRECTS)).toBe("/profile/details");
    expect(safeRedirect("/subscription#rewards", CUSTOMER_REDIRECTS)).toBe("/subscription#rewards");
  });

  test("anything that could leave the site or loop to sign-in goes to My Bookings", () => {
    for (const value of [
      "https://evil.example/bookings",
      "//evil.example/bookings",
      "/\\evil.example",
      "/\t/evil.example",
      "/sign-in",
      "/admin/dashboard",
      "/bookings/../admin",
      "/bookingsX",
      undefined,
      "",
    ]) {
      expect(safeRedirect(value, CUSTOMER_REDIRECTS)).toBe("/bookings");
    }
  });

  test.each(OFFSITE)("%s goes to My Bookings", (_name, value) => {
    expect(safeRedirect(value, CUSTOMER_REDIRECTS)).toBe("/bookings");
  });
});
