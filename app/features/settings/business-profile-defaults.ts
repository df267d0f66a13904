import type { PublicProfile } from "~/components/site/site-data";
import type { BusinessProfile } from "./business-profile";
import { openingHoursRows } from "./opening-hours";

// Plain data and a pure helper, free of zod: the header, footer and page titles of every public
// page import these, and the home page's bundle should not carry the schema library for them.

export const DEFAULT_BUSINESS_PROFILE: BusinessProfile = {
  name: "Harbour & Gold Cleaning",
  // 02 5550 xxxx is the range ACMA sets aside for fiction and demos.
  phone: "(02) 5550 1234",
  email: "hello@harbourandgold.com.au",
  address: "Level 3, 88 George Street, The Rocks NSW 2000",
  abn: "51 824 753 556",
  // docs/product/public-site.md#audience-and-business-hours: Monday to Friday 7am-6pm, Saturday 8am-4pm, Sunday closed
  weeklyHours: {
    mon: { open: "07:00", close: "18:00" },
    tue: { open: "07:00", close: "18:00" },
    wed: { open: "07:00", close: "18:00" },
    thu: { open: "07:00", close: "18:00" },
    fri: { open: "07:00", close: "18:00" },
    sat: { open: "08:00", close: "16:00" },
    sun: null,
  },
  closedDates: [],
  // docs/product/public-site.md#business-constants-and-limits and docs/decisions/0003-one-hourly-rate.md: one hourly rate, $50
  hourlyRateCents: 5000,
  whatsappNumber: "",
  serviceAreaPostcodes: [],
  cleanerPayRateCents: 3200,
  offerResponseHours: 12,
  unpaidHoldHours: 2,
  travelMinutes: 30,
  // docs/decisions/0064-automatic-offers.md: on, two hours a cleaner, released seats too.
  autoOffers: true,
  autoOfferWaitMinutes: 120,
  autoOfferReleasedSeats: true,
};

// Only what a visitor may see goes to the browser: pay rates and the crews' rules stay on the server.
const PUBLIC_FIELDS = [
  "name",
  "phone",
  "email",
  "address",
  "abn",
  "whatsappNumber",
  "hourlyRateCents",
] as const satisfies ReadonlyArray<keyof PublicProfile>;

export function toPublicProfile(profile: BusinessProfile): PublicProfile {
  const fields = Object.fromEntries(PUBLIC_FIELDS.map((key) => [key, profile[key]]));
  // The hours text is printed from the same hours the booking rules read.
  return { ...fields, openingHours: openingHoursRows(profile.weeklyHours) } as PublicProfile;
}
