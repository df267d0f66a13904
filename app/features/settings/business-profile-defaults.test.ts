import { describe, expect, test } from "vitest";
import { DEFAULT_BUSINESS_PROFILE, toPublicProfile } from "./business-profile-defaults";

describe("the profile sent to every public page", () => {
  test("leaves the cleaners' pay rate and the crews' rules on the server", () => {
    const profile = toPublicProfile(DEFAULT_BUSINESS_PROFILE);
    expect(profile).not.toHaveProperty("cleanerPayRateCents");
    expect(profile).not.toHaveProperty("travelMinutes");
    expect(profile).not.toHaveProperty("offerResponseHours");
  });

  test("prints the opening hours from the same week the booking rules read", () => {
    expect(toPublicProfile(DEFAULT_BUSINESS_PROFILE).openingHours).toEqual([
      { days: "Mon-Fri", hours: "7am-6pm" },
      { days: "Sat", hours: "8am-4pm" },
      { days: "Sun", hours: "Closed" },
    ]);
  });
});
