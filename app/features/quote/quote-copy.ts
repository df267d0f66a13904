import type {
  CleaningLevel,
  CommercialSpaceType,
  DirtLevel,
  HousekeepingLevel,
  ResidentialSpaceType,
  ServiceType,
  SpaceType,
  TimePreference,
} from "./quote-options";

// Display copy for the quote wizard. docs/product/public-site.md#entities-and-fields names the levels but not their texts;
// these follow the brand's voice (docs/brand.md#voice: warm, exact, Australian English).

export type CleaningLevelCopy = { name: string; description: string; features: string[] };

export const CLEANING_LEVEL_COPY: Record<CleaningLevel, CleaningLevelCopy> = {
  basic: {
    name: "Basic Clean",
    description: "A thorough maintenance clean that keeps a well-kept space fresh and calm.",
    features: [
      "Surfaces, fittings and skirting boards dusted",
      "Kitchen benches, splashback, sink and appliance fronts wiped",
      "Bathrooms, showers and toilets cleaned and sanitised",
      "Mirrors and glass tables polished",
      "Floors vacuumed and mopped throughout",
      "Bins emptied and relined",
    ],
  },
  deep: {
    name: "Deep Clean",
    description: "A top-to-bottom reset for spaces that need more than a refresh.",
    features: [
      "Everything in the Basic Clean",
      "Inside the oven, microwave and rangehood filters",
      "Grout, tiles and shower screens scrubbed and descaled",
      "Doors, frames, light switches and skirting wiped by hand",
      "Window sills, tracks and blinds detailed",
      "Behind and under movable furniture",
    ],
  },
  premium: {
    name: "Premium Clean",
    description: "Our most meticulous service, finished to the standard of a fine hotel.",
    features: [
      "Everything in the Deep Clean",
      "Inside the fridge, cupboards and drawers",
      "Interior windows and mirrors polished streak-free",
      "Upholstery vacuumed and soft furnishings refreshed",
      "Beds dressed with fresh linen on request",
      "A final walk-through against our quality checklist",
    ],
  },
};

/** docs/product/public-site.md#entities-and-fields "Preferences", word for word */
export const TIME_PREFERENCE_LABELS: Record<TimePreference, string> = {
  morning: "Morning (8AM-12PM)",
  afternoon: "Afternoon (12PM-4PM)",
  evening: "Evening (4PM-8PM)",
};

/**
 * Shown when the evening preference or after-hours cleaning is chosen: online booking offers only
 * times that finish within opening hours, so these go to the team as a request
 * (docs/decisions/0040-business-hours-bound-bookings.md).
 */
export const OUT_OF_HOURS_NOTE =
  "Online booking offers times that finish within our opening hours. For an evening or after-hours clean, send your quote and our team will contact you to arrange it.";

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  residential: "Residential",
  commercial: "Commercial",
};

/** Residential space types */
export const SPACE_TYPE_LABELS: Record<ResidentialSpaceType, string> = {
  apartment: "Apartment",
  house: "House",
};

/** Commercial space types, offered as the business type */
export const BUSINESS_TYPE_LABELS: Record<CommercialSpaceType, string> = {
  "commercial-office": "Office",
  "commercial-retail": "Retail",
  "commercial-industrial": "Industrial",
  "commercial-warehouse": "Warehouse",
};

export function spaceTypeLabel(type: SpaceType) {
  return type in SPACE_TYPE_LABELS
    ? SPACE_TYPE_LABELS[type as ResidentialSpaceType]
    : BUSINESS_TYPE_LABELS[type as CommercialSpaceType];
}

export const HOUSEKEEPING_LEVEL_LABELS: Record<HousekeepingLevel, string> = {
  none: "No housekeeping",
  basic: "Light housekeeping: tidying, beds made, dishes put away",
  full: "Full housekeeping: laundry, ironing and organising",
};

export const DIRT_LEVEL_LABELS: Record<DirtLevel, string> = {
  normal: "Normal: cleaned regularly",
  heavy: "Heavy: built-up grime, or a long time since the last clean",
};

/** docs/product/public-site.md#quote-wizard */
export const QUOTE_STEP_TITLES = [
  "Space type and details",
  "Cleaning level",
  "Preferences and conditions",
  "Photos",
  "Contact information",
  "Review",
] as const;

/** The step 4 checkbox (docs/product/public-site.md#validation-rules) */
export const PHOTOS_WAIVED_LABEL =
  "Continue without photos. I understand the time may vary once our team sees the space.";
