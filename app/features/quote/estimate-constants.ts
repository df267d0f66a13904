import type { CleaningLevel, SpaceType } from "./quote.schema";

// docs/product/public-site.md#business-constants-and-limits: the estimate's numbers, exactly as listed.

/** Base hours per room. The estimate uses bedrooms, bathrooms, the kitchen and the living room. */
export const BASE_HOURS_PER_ROOM = {
  bedroom: 0.6,
  bathroom: 0.5,
  kitchen: 1,
  livingRoom: 0.8,
  // In the spec's table; the wizard does not ask for them, so the estimate does not use them.
  diningRoom: 0.75,
  office: 0.6,
} as const;

/** docs/decisions/0004-structured-estimate.md: every home counts one kitchen and one living room (1 + 0.8 = 1.8 hours). */
export const HOME_BASE_HOURS = BASE_HOURS_PER_ROOM.kitchen + BASE_HOURS_PER_ROOM.livingRoom;

/**
 * Space type multipliers. The spec lists office, retail and warehouse but not industrial: we
 * price industrial like a warehouse (1.5), the nearest kind of space (large floors, heavy dust,
 * plant and racking to work around).
 */
export const SPACE_TYPE_MULTIPLIERS: Record<SpaceType, number> = {
  apartment: 1,
  house: 1.1,
  "commercial-office": 1.2,
  "commercial-retail": 1.2,
  "commercial-warehouse": 1.5,
  "commercial-industrial": 1.5,
};

export const LEVEL_MULTIPLIERS: Record<CleaningLevel, number> = {
  basic: 1,
  deep: 1.2,
  premium: 1.3,
};

/** The wizard captures normal and heavy (docs/product/public-site.md#entities-and-fields); light and extreme are the table's. */
export const CONDITION_MULTIPLIERS = {
  light: 0.9,
  normal: 1,
  heavy: 1.2,
  extreme: 1.3,
} as const;
export type ConditionLevel = keyof typeof CONDITION_MULTIPLIERS;

/**
 * Feature multipliers. The payload captures high ceilings (conditions.hasHighAreas), stairs
 * (floors > 1), urgent (conditions.urgentService) and eco-friendly (preferences.ecoFriendly);
 * furnished, pets and windows are in the table but no wizard field asks for them.
 */
export const FEATURE_MULTIPLIERS = {
  highCeilings: 1.1,
  furnished: 1.1,
  pets: 1.05,
  stairs: 1.1,
  windows: 1.1,
  urgent: 1.15,
  ecoFriendly: 1.1,
} as const;
export type Feature = keyof typeof FEATURE_MULTIPLIERS;

/** The product of the feature multipliers never exceeds this. */
export const FEATURE_MULTIPLIER_CAP = 1.25;

export const MINIMUM_HOURS = 3;
/** cleaners = ceil(hours / 6) */
export const HOURS_PER_CLEANER = 6;
/** When the details cannot give an estimate: 3 hours and 1 cleaner. */
export const FALLBACK_ESTIMATE = { hours: 3, cleaners: 1 } as const;

/**
 * Commercial base hours = floor area / 45 m² an hour (docs/decisions/0004-structured-estimate.md and docs/decisions/0025-floor-area-in-square-metres.md leave the rule to us). A home's
 * rooms come to roughly 35 m² a base hour (a 3-bedroom, 2-bathroom home of about 160 m² is 4.6
 * base hours); an open commercial floor has fewer walls, fixtures and wet areas per square metre,
 * so it goes a little faster. A 150 m² office on one floor at the basic level is then
 * 150 / 45 x 1.2 = 4 hours, the scale the business expects.
 */
export const COMMERCIAL_M2_PER_BASE_HOUR = 45;
