import { describe, expect, test } from "vitest";
import {
  nextTierFor,
  pointsForPaidCents,
  rewardsOfferFor,
  rewardsStatusFor,
  tierFor,
} from "./rewards";

describe("rewards tiers", () => {
  test("a new customer with no points is Bronze with 5% off", () => {
    expect(tierFor(0)).toMatchObject({ id: "bronze", discountPercent: 5 });
  });

  test("each threshold reaches its tier exactly, one point short does not", () => {
    expect(tierFor(999).id).toBe("bronze");
    expect(tierFor(1000)).toMatchObject({ id: "silver", discountPercent: 10 });
    expect(tierFor(4999).id).toBe("silver");
    expect(tierFor(5000)).toMatchObject({ id: "gold", discountPercent: 15 });
    expect(tierFor(9999).id).toBe("gold");
    expect(tierFor(10000)).toMatchObject({ id: "platinum", discountPercent: 20 });
    expect(tierFor(250000).id).toBe("platinum");
  });

  test("one point per whole dollar paid: cents never round up", () => {
    expect(pointsForPaidCents(0)).toBe(0);
    expect(pointsForPaidCents(99)).toBe(0);
    expect(pointsForPaidCents(45_050)).toBe(450);
    expect(pointsForPaidCents(-500)).toBe(0);
  });

  test("the next tier says how many points are still needed, and there is none past Platinum", () => {
    expect(nextTierFor(750)).toMatchObject({ tier: { id: "silver" }, pointsNeeded: 250 });
    expect(nextTierFor(10000)).toBeNull();
  });

  test("a customer who paid $1,234.56 has 1234 points and is Silver", () => {
    expect(rewardsStatusFor(123_456)).toMatchObject({ points: 1234, tier: { id: "silver" } });
  });
});

describe("the rewards line before booking", () => {
  test("without proof of the email it is the Bronze floor: 5% off, whatever the email's tier", () => {
    expect(rewardsOfferFor(45_000, null)).toEqual({
      exact: false,
      tierName: "Bronze",
      discountPercent: 5,
      discountCents: 2_250,
      toPayCents: 42_750,
    });
  });

  test("for the signed-in owner it is their own tier, rounded to the cent", () => {
    expect(rewardsOfferFor(33_333, 5_000)).toEqual({
      exact: true,
      tierName: "Gold",
      discountPercent: 15,
      discountCents: 5_000,
      toPayCents: 28_333,
    });
  });
});
