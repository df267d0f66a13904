import { describe, expect, test } from "vitest";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import { sydneyYear, toPublicProfile } from "./site-data";

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

test("the copyright year turns over at midnight in Sydney, not in UTC", () => {
  // 31 Dec 2026 14:00 UTC is already 1 Jan 2027 01:00 in Sydney (AEDT, UTC+11).
  expect(sydneyYear(new Date("2026-12-31T14:00:00Z"))).toBe(2027);
  expect(sydneyYear(new Date("2026-12-31T12:00:00Z"))).toBe(2026);
});
