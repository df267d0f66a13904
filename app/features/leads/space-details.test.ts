import { describe, expect, test } from "vitest";
import { describeSpace, preferredTimeOf } from "./space-details";

describe("a quote's space details in words", () => {
  test("a subscription request's plan and monthly price read as words and dollars", () => {
    const lines = describeSpace(
      JSON.stringify({
        requestType: "subscription",
        plan: "basic",
        planName: "Basic",
        monthlyPriceCents: 14900,
        address: "106 Spofforth Street, Turramurra NSW 2074",
      }),
    );
    expect(lines).toEqual([
      { label: "Request", value: "subscription" },
      { label: "Plan", value: "basic" },
      { label: "Plan name", value: "Basic" },
      { label: "Monthly price", value: "$149.00" },
      { label: "Address", value: "106 Spofforth Street, Turramurra NSW 2074" },
    ]);
  });

  test("floor area is in square metres, other keys are spelt out, photos are left out", () => {
    expect(
      describeSpace(
        JSON.stringify({
          squareFootage: 120,
          end_of_lease: true,
          photoIds: ["a"],
          depositCents: 5,
        }),
      ),
    ).toEqual([
      { label: "Floor area", value: "120 m²" },
      { label: "End of lease", value: "Yes" },
      { label: "Deposit", value: "$0.05" },
    ]);
  });

  test("text that is not an object reads as nothing", () => {
    expect(describeSpace("not json")).toEqual([]);
    expect(describeSpace("[1,2]")).toEqual([]);
  });

  test("the wished day and time is left out of the lines: the details show it once, formatted", () => {
    const json = JSON.stringify({ type: "house", scheduled_date: "2026-11-28 13:00" });
    expect(describeSpace(json)).toEqual([{ label: "Space", value: "house" }]);
    expect(preferredTimeOf(json, "2026-11-26")).toBe("Sat, 28 Nov 2026, 1:00 PM");
  });

  test("the preferred time falls back to the quote's date, and to nothing", () => {
    expect(preferredTimeOf(JSON.stringify({ scheduled_date: "2026-11-28T09:00" }), null)).toBe(
      "Sat, 28 Nov 2026, 9:00 AM",
    );
    expect(preferredTimeOf(JSON.stringify({ type: "house" }), "2026-11-26")).toBe(
      "Thu, 26 Nov 2026",
    );
    expect(preferredTimeOf(JSON.stringify({ scheduled_date: "next Tuesday" }), null)).toBe(
      "next Tuesday",
    );
    expect(preferredTimeOf("not json", null)).toBeNull();
  });
});
