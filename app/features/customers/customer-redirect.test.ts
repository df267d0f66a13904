import { describe, expect, test } from "vitest";
import { safeCustomerRedirect } from "./customer-redirect";

describe("where a customer lands after signing in", () => {
  test("their own account pages are kept, with the query", () => {
    expect(safeCustomerRedirect("/bookings?ref=HG-ABCDEFGHJK")).toBe("/bookings?ref=HG-ABCDEFGHJK");
    expect(safeCustomerRedirect("/profile/details")).toBe("/profile/details");
    expect(safeCustomerRedirect("/subscription#rewards")).toBe("/subscription#rewards");
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
      undefined,
      "",
    ]) {
      expect(safeCustomerRedirect(value)).toBe("/bookings");
    }
  });
});
