import { newId, newReference } from "~/lib/ids";
import { SYDNEY_SUBURBS, type SuburbFact } from "./sydney-suburbs";
import type { CleaningLevel, NewQuote, ServiceType } from "~/server/database";
import {
  BUSINESS_NAMES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  STREETS,
  fictionalLandline,
  fictionalMobile,
} from "./people";
import type { Random } from "./random";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { formatHours, formatMoney, formatRate } from "~/lib/format";

// One website lead as the quote wizard, the post-construction form or Subscribe Now would have
// stored it (docs/product/public-site.md#entities-and-fields), priced at creation for residential and commercial (docs/decisions/0003-one-hourly-rate.md).

export type SeedLead = {
  quote: NewQuote;
  firstName: string;
  lastName: string;
  suburb: SuburbFact;
  address: string;
  /** Finance category of its payments, e.g. Residential (docs/product/back-office.md#entities-and-fields) */
  category: string;
  /** How a review of this job names the service, e.g. Deep Clean */
  serviceLabel: string;
};

const LEVEL_NAMES: Record<CleaningLevel, string> = {
  basic: "Basic Clean",
  deep: "Deep Clean",
  premium: "Premium Clean",
};
const PLANS = [
  { plan: "basic", planName: "Basic", monthlyPriceCents: 14900 },
  { plan: "premium", planName: "Premium", monthlyPriceCents: 24900 },
  { plan: "business", planName: "Business", monthlyPriceCents: 59900 },
];
// The metropolitan suburbs most leads come from; the mountains and the coast are rarer.
const METRO = SYDNEY_SUBURBS.filter(([, postcode]) => postcode < "2250" || postcode > "2300");

export function buildLead(
  random: Random,
  serial: number,
  createdAt: Date,
  hourlyRateCents: number,
  preferredCleanerId: string | null,
  usedEmails: Set<string>,
): SeedLead {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const suburb = random.chance(0.93) ? random.pick(METRO) : random.pick(SYDNEY_SUBURBS);
  const address = `${random.int(1, 240)} ${random.pick(STREETS)}, ${suburb[0]} NSW ${suburb[1]}`;
  const serviceType = random.weighted<ServiceType>([
    ["residential", 58],
    ["commercial", 25],
    ["post-construction", 11],
    ["subscription", 6],
  ]);
  const preferredDate = addDays(sydneyDate(createdAt), random.int(3, 14));
  const timePreference = random.pick(["morning", "afternoon", "evening"]);
  const time = { morning: "09:00", afternoon: "13:00", evening: "16:00" }[timePreference]!;
  const conditions = {
    dirtLevel: random.chance(0.2) ? "heavy" : "normal",
    hasHighAreas: random.chance(0.2),
    hasParking: random.chance(0.6),
    urgentService: random.chance(0.1),
  };
  const preferences = {
    timePreference,
    providesEquipment: random.chance(0.15),
    ecoFriendly: random.chance(0.3),
    isEndOfLease: serviceType === "residential" && random.chance(0.15),
    houseKeepingLevel: random.weighted([
      ["none", 7],
      ["basic", 2],
      ["full", 1],
    ]),
  };

  const basics = { address, preferredDate, time, conditions, preferences };
  const { spaceDetails, priced, category, serviceLabel } = requestOf(random, serviceType, basics);

  const email = uniqueEmail(random, usedEmails, firstName, lastName);
  const hours = priced?.hours ?? null;
  const total = hours === null ? null : Math.round(hours * hourlyRateCents);
  const cleaners = hours === null ? null : Math.ceil(hours / 6);
  const quote: NewQuote = {
    id: newId(),
    reference: newReference(),
    client_name: `${firstName} ${lastName}`,
    client_email: email,
    client_phone:
      serviceType === "commercial" && random.chance(0.4)
        ? fictionalLandline(serial)
        : fictionalMobile(serial),
    service_type: serviceType,
    space_details: JSON.stringify(spaceDetails),
    cleaning_level: priced?.level ?? null,
    estimated_hours: hours,
    cleaners_needed: cleaners,
    hourly_rate_cents: priced ? hourlyRateCents : null,
    total_cents: total,
    status: priced ? "pending" : "pending_quote",
    lead_status: "new",
    lead_source: "website",
    scheduled_date: serviceType === "subscription" ? null : preferredDate,
    notes: priced
      ? explanation(spaceDetails, priced.level, priced.hours, cleaners!, hourlyRateCents, total!)
      : null,
    preferred_cleaner_id: preferredCleanerId,
    created_at: createdAt.toISOString(),
    updated_at: createdAt.toISOString(),
  };
  return { quote, firstName, lastName, suburb, address, category, serviceLabel };
}

/** What a lead asked for: the space, its price when one is quoted, and how staff name it. */
type ServiceRequest = {
  spaceDetails: Record<string, unknown>;
  priced: { level: CleaningLevel; hours: number } | null;
  category: string;
  serviceLabel: string;
};

type Conditions = {
  dirtLevel: string;
  hasHighAreas: boolean;
  hasParking: boolean;
  urgentService: boolean;
};

type Preferences = {
  timePreference: string;
  providesEquipment: boolean;
  ecoFriendly: boolean;
  isEndOfLease: boolean;
  houseKeepingLevel: string;
};

/** What every request type's space details carry. */
type RequestBasics = {
  address: string;
  preferredDate: string;
  time: string;
  conditions: Conditions;
  preferences: Preferences;
};

function requestOf(random: Random, serviceType: ServiceType, basics: RequestBasics) {
  if (serviceType === "residential") return residentialRequest(random, basics);
  if (serviceType === "commercial") return commercialRequest(random, basics);
  if (serviceType === "post-construction") return postConstructionRequest(random, basics.address);
  return subscriptionRequest(random, basics.address);
}

/** A home: rooms, then space, level, condition and feature multipliers. */
function residentialRequest(
  random: Random,
  { address, preferredDate, time, conditions, preferences }: RequestBasics,
): ServiceRequest {
  const type = random.chance(0.55) ? "apartment" : "house";
  const bedrooms = type === "apartment" ? random.int(1, 3) : random.int(2, 5);
  const bathrooms = Math.max(1, Math.min(bedrooms, random.int(1, 3)));
  const level = random.weighted<CleaningLevel>([
    ["basic", 35],
    ["deep", 40],
    ["premium", 25],
  ]);
  const spaceDetails = {
    type,
    bedrooms,
    bathrooms,
    floors: type === "house" ? random.int(1, 2) : 1,
    address,
    scheduled_date: `${preferredDate} ${time}`,
    preferences,
    conditions,
    images: [],
  };
  // docs/product/public-site.md#business-constants-and-limits: rooms, then space, level, condition and feature multipliers
  const base = bedrooms * 0.6 + bathrooms * 0.5 + 1 + 0.8;
  const space = type === "house" ? 1.1 : 1;
  const priced = {
    level,
    hours: roundHours(base * space * levelFactor(level) * extras(conditions, preferences)),
  };
  return {
    spaceDetails,
    priced,
    category: "Residential",
    serviceLabel: preferences.isEndOfLease ? "End of Lease" : LEVEL_NAMES[level],
  };
}

/** A business space, priced by its area. */
function commercialRequest(
  random: Random,
  { address, preferredDate, time, conditions, preferences }: RequestBasics,
): ServiceRequest {
  const type = random.weighted([
    ["commercial-office", 5],
    ["commercial-retail", 2],
    ["commercial-warehouse", 2],
    ["commercial-industrial", 1],
  ]);
  const area =
    type === "commercial-warehouse" || type === "commercial-industrial"
      ? random.int(300, 900)
      : random.int(60, 450);
  const level = random.weighted<CleaningLevel>([
    ["basic", 45],
    ["deep", 40],
    ["premium", 15],
  ]);
  const spaceDetails = {
    type,
    businessName: random.pick(BUSINESS_NAMES),
    // docs/decisions/0025-floor-area-in-square-metres.md: the field keeps the spec's name but holds square metres
    squareFootage: area,
    floors: random.int(1, 3),
    bathrooms: random.int(1, 4),
    address,
    scheduled_date: `${preferredDate} ${time}`,
    preferences: {
      ...preferences,
      securityAccess: random.chance(0.5),
      afterHoursService: random.chance(0.4),
      regularSchedule: random.chance(0.5),
    },
    conditions,
    images: [],
  };
  // Demo approximation of the commercial rule (docs/decisions/0004-structured-estimate.md): about 60 m² an hour before multipliers.
  const space = { "commercial-office": 1.2, "commercial-retail": 1.2 }[type] ?? 1.5;
  const priced = {
    level,
    hours: roundHours((area / 60) * space * levelFactor(level) * extras(conditions, preferences)),
  };
  return { spaceDetails, priced, category: "Commercial", serviceLabel: "Commercial Cleaning" };
}

/** A post-construction clean: quoted by staff later, so unpriced here. */
function postConstructionRequest(random: Random, address: string): ServiceRequest {
  const propertyType = random.pick(["house", "apartment", "office", "retail", "warehouse"]);
  const company = random.chance(0.4);
  const spaceDetails = {
    type: `post-${propertyType}`,
    propertySize: random.pick(["small", "medium", "medium", "large"]),
    floors: random.pick(["1", "2", "3+"]),
    rooms: random.int(2, 8),
    bathrooms: random.int(1, 3),
    hasKitchen: propertyType !== "warehouse",
    cleanType: random.pick(["initial", "final", "both"]),
    requestType: company ? "company" : "individual",
    companyName: company ? `${random.pick(LAST_NAMES)} Building Group` : "",
    abn: "",
    address,
    additionalNotes: random.pick([
      "",
      "Plaster dust throughout; windows still taped.",
      "Handover to owners on Friday.",
    ]),
  };
  return {
    spaceDetails,
    priced: null,
    category: "Post-Construction",
    serviceLabel: "Post-Construction",
  };
}

/** A subscription plan: unpriced until staff quote it. */
function subscriptionRequest(random: Random, address: string): ServiceRequest {
  const spaceDetails = { requestType: "subscription", ...random.pick(PLANS), address };
  return { spaceDetails, priced: null, category: "Subscription", serviceLabel: "Subscription" };
}

function levelFactor(level: CleaningLevel) {
  return { basic: 1, deep: 1.2, premium: 1.3 }[level];
}

function extras(
  conditions: { dirtLevel: string; hasHighAreas: boolean; urgentService: boolean },
  preferences: { ecoFriendly: boolean },
) {
  const condition = conditions.dirtLevel === "heavy" ? 1.2 : 1;
  let features = 1;
  if (conditions.hasHighAreas) features *= 1.1;
  if (conditions.urgentService) features *= 1.15;
  if (preferences.ecoFriendly) features *= 1.1;
  // docs/product/public-site.md#business-constants-and-limits: the combined feature multiplier is capped at 1.25
  return condition * Math.min(features, 1.25);
}

/** docs/product/public-site.md#business-constants-and-limits: nearest half hour, never under 3 hours */
function roundHours(hours: number) {
  return Math.max(3, Math.round(hours * 2) / 2);
}

function explanation(
  space: Record<string, unknown>,
  level: CleaningLevel,
  hours: number,
  cleaners: number,
  rateCents: number,
  totalCents: number,
) {
  const what =
    typeof space.squareFootage === "number"
      ? `${space.squareFootage} m² ${String(space.type).replace("commercial-", "")} space`
      : `${String(space.bedrooms)}-bedroom, ${String(space.bathrooms)}-bathroom ${String(space.type)}`;
  return `${LEVEL_NAMES[level]} of a ${what}: about ${formatHours(hours)} with ${cleaners} cleaner${cleaners > 1 ? "s" : ""} at ${formatRate(rateCents)}/h, ${formatMoney(totalCents)} in total.`;
}

function uniqueEmail(random: Random, usedEmails: Set<string>, first: string, last: string) {
  const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
  const domain = random.pick(EMAIL_DOMAINS);
  for (let n = 0; ; n++) {
    const email = `${base}${n === 0 ? "" : n + 1}@${domain}`;
    if (!usedEmails.has(email)) {
      usedEmails.add(email);
      return email;
    }
  }
}
