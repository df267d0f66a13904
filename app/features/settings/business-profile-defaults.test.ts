import { describe, expect, test } from "vitest";
import { DEFAULT_BUSINESS_PROFILE, toPublicProfile } from "./business-profile-defaults";

describe("the profile sent to every public page", () => {
  test("carries the contact details, hours and chat link a visitor sees", () => {
    const profile = toPublicProfile(DEFAULT_BUSINESS_PROFILE);
    expect(profile).toMatchObject({
      name: DEFAULT_BUSINESS_PROFILE.name,
      phone: DEFAULT_BUSINESS_PROFILE.phone,
      email: DEFAULT_BUSINESS_PROFILE.email,
      address: DEFAULT_BUSINESS_PROFILE.address,
      abn: DEFAULT_BUSINESS_PROFILE.abn,
      openingHours: DEFAULT_BUSINESS_PROFILE.openingHours,
      chatLink: DEFAULT_BUSINESS_PROFILE.chatLink,
    });
  });

  test("leaves the cleaners' pay rate and the slot capacity on the server", () => {
    const profile = toPublicProfile(DEFAULT_BUSINESS_PROFILE);
    expect(profile).not.toHaveProperty("cleanerPayRateCents");
    expect(profile).not.toHaveProperty("bookingsPerSlot");
    expect(profile).not.toHaveProperty("offerResponseHours");
  });
});
