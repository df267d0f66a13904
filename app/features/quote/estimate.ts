import {
  BASE_HOURS_PER_ROOM,
  COMMERCIAL_M2_PER_BASE_HOUR,
  CONDITION_MULTIPLIERS,
  FALLBACK_ESTIMATE,
  FEATURE_MULTIPLIERS,
  FEATURE_MULTIPLIER_CAP,
  HOME_BASE_HOURS,
  HOURS_PER_CLEANER,
  LEVEL_MULTIPLIERS,
  MINIMUM_HOURS,
  SPACE_TYPE_MULTIPLIERS,
  type ConditionLevel,
  type Feature,
} from "./estimate-constants";
import {
  type Adjustment,
  type BaseDescription,
  conditionAdjustment,
  explainEstimate,
  explainFallback,
  featureAdjustment,
  levelAdjustment,
  spaceAdjustment,
} from "./estimate-explanation";
import { type CleaningLevel, type SpaceType, isCommercialSpaceType } from "./quote-options";

// docs/product/public-site.md#business-constants-and-limits and docs/decisions/0004-structured-estimate.md: the instant estimate, a pure function of the structured wizard data.
//
// Order: raw hours = base hours x space type x level x condition x features, multiplied left to
// right, where features is the product of the captured feature multipliers capped at 1.25.
// Rounding: raw hours go to the nearest half hour, ties upwards (x.25 -> x.5, x.75 -> x+1), then
// up to the 3-hour minimum. cleaners = ceil(hours / 6). total = hours x rate in integer cents.

/** What the estimate reads; a parsed QuoteRequest fits it. */
export type EstimateInput = {
  spaceDetails: {
    type: SpaceType;
    bedrooms?: number;
    bathrooms?: number;
    floors?: number;
    /** docs/decisions/0025-floor-area-in-square-metres.md: floor area in square metres */
    squareFootage?: number;
  };
  cleaningLevel: CleaningLevel;
  conditions?: { dirtLevel?: ConditionLevel; hasHighAreas?: boolean; urgentService?: boolean };
  preferences?: { ecoFriendly?: boolean };
};

export type EstimateFactor = { label: string; multiplier: number };

export type Estimate = {
  hours: number;
  cleaners: number;
  totalCents: number;
  hourlyRateCents: number;
  /** Hours before any multiplier (0 for a fallback) */
  baseHours: number;
  /** Shown on the quote result page and stored as the quote's notes */
  explanation: string;
  /** The multipliers applied, in order; base hours x their product = the hours before rounding */
  factors: EstimateFactor[];
  /** True when the details could not give an estimate and the spec's fallback was used */
  fallback: boolean;
};

/**
 * Nearest half hour, ties upwards. The product is first cut to 6 decimals so floating-point noise
 * cannot flip a tie: 4.5 x 1.2 x 1.25 is 6.75, but 6.749999999999999 in binary, and must give 7.
 */
export function roundToHalfHour(hours: number) {
  return Math.round(Number((hours * 2).toFixed(6))) / 2;
}

export function cleanersFor(hours: number) {
  return Math.max(1, Math.ceil(hours / HOURS_PER_CLEANER));
}

const positive = (n: number | undefined) =>
  n !== undefined && Number.isFinite(n) && n > 0 ? n : 0;

function baseFor(space: EstimateInput["spaceDetails"]): BaseDescription | { missing: string } {
  if (isCommercialSpaceType(space.type)) {
    const squareMetres = positive(space.squareFootage);
    if (squareMetres === 0) return { missing: "no floor area was entered" };
    return { kind: "area", squareMetres, hours: squareMetres / COMMERCIAL_M2_PER_BASE_HOUR };
  }
  const bedrooms = positive(space.bedrooms);
  const bathrooms = positive(space.bathrooms);
  if (bedrooms + bathrooms === 0) return { missing: "no bedrooms or bathrooms were entered" };
  const hours =
    bedrooms * BASE_HOURS_PER_ROOM.bedroom +
    bathrooms * BASE_HOURS_PER_ROOM.bathroom +
    HOME_BASE_HOURS;
  // The room hours are exact in hundredths; this drops float noise (0.6 + 0.5 + 1.8 = 2.9000000000000004).
  return { kind: "rooms", bedrooms, bathrooms, hours: Number(hours.toFixed(2)) };
}

function featuresOf(input: EstimateInput): Feature[] {
  const features: Feature[] = [];
  if (input.conditions?.hasHighAreas) features.push("highCeilings");
  if (positive(input.spaceDetails.floors) > 1) features.push("stairs");
  if (input.conditions?.urgentService) features.push("urgent");
  if (input.preferences?.ecoFriendly) features.push("ecoFriendly");
  return features;
}

function adjustmentsFor(input: EstimateInput): Adjustment[] {
  const condition = input.conditions?.dirtLevel ?? "normal";
  const adjustments = [
    spaceAdjustment(input.spaceDetails.type, SPACE_TYPE_MULTIPLIERS[input.spaceDetails.type]),
    levelAdjustment(input.cleaningLevel, LEVEL_MULTIPLIERS[input.cleaningLevel]),
    conditionAdjustment(condition, CONDITION_MULTIPLIERS[condition]),
  ];
  const features = featuresOf(input);
  if (features.length > 0) {
    // Products of the table's two-decimal multipliers are exact at 4 decimals; cutting the float
    // noise keeps the factor shown equal to the factor used.
    const product = features.reduce((m, feature) => m * FEATURE_MULTIPLIERS[feature], 1);
    const capped = product > FEATURE_MULTIPLIER_CAP;
    const multiplier = capped ? FEATURE_MULTIPLIER_CAP : Number(product.toFixed(4));
    adjustments.push(featureAdjustment(features, multiplier, capped));
  }
  return adjustments;
}

function priced(hours: number, hourlyRateCents: number) {
  // hours is a multiple of 0.5, so only an odd rate can leave half a cent: it rounds up.
  return Math.round(hours * hourlyRateCents);
}

export function estimate(input: EstimateInput, hourlyRateCents: number): Estimate {
  if (!Number.isInteger(hourlyRateCents) || hourlyRateCents <= 0) {
    throw new RangeError(`hourlyRateCents must be a positive integer, got ${hourlyRateCents}`);
  }
  const base = baseFor(input.spaceDetails);
  if ("missing" in base) {
    // docs/product/public-site.md#business-constants-and-limits: the fallback estimate gives 3 hours and 1 cleaner
    const { hours, cleaners } = FALLBACK_ESTIMATE;
    return {
      hours,
      cleaners,
      totalCents: priced(hours, hourlyRateCents),
      hourlyRateCents,
      baseHours: 0,
      explanation: explainFallback(base.missing, hours, cleaners, hourlyRateCents),
      factors: [],
      fallback: true,
    };
  }
  const adjustments = adjustmentsFor(input);
  const rawHours = adjustments.reduce((hours, a) => hours * a.multiplier, base.hours);
  const rounded = roundToHalfHour(rawHours);
  const hours = Math.max(MINIMUM_HOURS, rounded);
  const cleaners = cleanersFor(hours);
  return {
    hours,
    cleaners,
    totalCents: priced(hours, hourlyRateCents),
    hourlyRateCents,
    baseHours: base.hours,
    explanation: explainEstimate({
      base,
      adjustments,
      hours,
      cleaners,
      hourlyRateCents,
      minimumApplied: rounded < MINIMUM_HOURS,
    }),
    factors: adjustments.map(({ label, multiplier }) => ({ label, multiplier })),
    fallback: false,
  };
}
