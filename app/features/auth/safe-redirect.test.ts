import { describe, expect, test } from "vitest";
import { safeRedirectTo } from "./safe-redirect";

describe("where sign-in sends a staff member", () => {
  test.each([
    ["/admin/quotes", "/admin/quotes"],
    ["/admin/cleaners/abc?tab=jobs#notes", "/admin/cleaners/abc?tab=jobs#notes"],
    ["/admin", "/admin"],
  ])("an admin path of this site is kept: %s", (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
  });

  test.each([
    ["a protocol-relative URL", "//evil.example/admin"],
    ["a backslash trick", "/\\evil.example"],
    ["a full URL", "https://evil.example/admin/quotes"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a tab browsers would strip", "/\t/evil.example"],
    ["a newline", "/admin\n/x"],
    ["a public page", "/contact"],
    ["a look-alike prefix", "/administrator"],
    ["a path that climbs out", "/admin/../contact"],
    ["an encoded climb", "/admin/%2e%2e/contact"],
    ["the sign-in screen itself", "/admin/login"],
    ["sign-out", "/admin/logout/"],
    ["nothing", ""],
    ["not a string", null],
  ])("%s falls back to the dashboard", (_name, value) => {
    expect(safeRedirectTo(value)).toBe("/admin/dashboard");
  });
});
