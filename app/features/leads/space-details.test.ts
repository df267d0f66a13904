import { describe, expect, test } from "vitest";
import { describeSpace } from "./space-details";

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
});
