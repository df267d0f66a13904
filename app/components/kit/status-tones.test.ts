import { describe, expect, test } from "vitest";
import { badgeTone } from "./status-tones";

describe("badge colours follow docs/product/back-office.md#statuses-and-flows", () => {
  test("quote statuses: pending yellow, assigned blue, completed green, cancelled red", () => {
    expect(
      ["pending", "assigned", "completed", "cancelled"].map((s) => badgeTone("quote", s)),
    ).toEqual(["yellow", "blue", "green", "red"]);
  });

  test("a transaction that is neither completed nor pending is red", () => {
    expect(badgeTone("transaction", "completed")).toBe("green");
    expect(badgeTone("transaction", "pending")).toBe("yellow");
    expect(badgeTone("transaction", "failed")).toBe("red");
    expect(badgeTone("transaction", "refunded")).toBe("red");
  });

  test("a booking that is neither confirmed nor pending is grey", () => {
    expect(badgeTone("booking", "confirmed")).toBe("green");
    expect(badgeTone("booking", "pending")).toBe("yellow");
    expect(badgeTone("booking", "cancelled")).toBe("grey");
  });

  test("a schedule payment is green when paid, red when failed, and yellow until paid", () => {
    const statuses = ["paid", "failed", "refunded", "pending", "none"];
    expect(statuses.map((s) => badgeTone("payment", s))).toEqual([
      "green",
      "red",
      "grey",
      "yellow",
      "yellow",
    ]);
  });

  test("every cleaner status has a colour, and a suspended cleaner is red", () => {
    const statuses = ["available", "busy", "offline", "pending_review", "suspended"];
    expect(statuses.map((s) => badgeTone("cleaner", s))).toEqual([
      "green",
      "blue",
      "grey",
      "yellow",
      "red",
    ]);
  });

  test("team accounts: owners blue, staff grey, an unknown role yellow; deactivated red", () => {
    expect(["owner", "staff", "unknown"].map((s) => badgeTone("staffRole", s))).toEqual([
      "blue",
      "grey",
      "yellow",
    ]);
    expect(badgeTone("staffAccess", "active")).toBe("green");
    expect(badgeTone("staffAccess", "deactivated")).toBe("red");
  });

  test("a status named like an object property is not mistaken for a known one", () => {
    expect(badgeTone("booking", "constructor")).toBe("grey");
    expect(badgeTone("transaction", "toString")).toBe("red");
  });
});
