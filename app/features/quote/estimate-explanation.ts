import {
  COMMERCIAL_M2_PER_BASE_HOUR,
  MINIMUM_HOURS,
  type ConditionLevel,
  type Feature,
} from "./estimate-constants";
import { formatRate } from "~/lib/format-numbers";
import type { CleaningLevel, SpaceType } from "./quote.schema";

// docs/decisions/0004-structured-estimate.md: the estimate writes its own explanation, shown on the quote result page and stored as the
// quote's notes. Plain Australian English: what the time is based on, then each factor that
// raised or lowered it, then the result.

export type BaseDescription =
  | { kind: "rooms"; bedrooms: number; bathrooms: number; hours: number }
  | { kind: "area"; squareMetres: number; hours: number };

/** One multiplier: `label` for the factor list, `phrase` (+ verb agreement) for the sentence. */
export type Adjustment = {
  label: string;
  phrase: string;
  plural: boolean;
  multiplier: number;
  capped: boolean;
};

const SPACE_PHRASES: Record<SpaceType, [label: string, phrase: string]> = {
  apartment: ["Apartment", "an apartment"],
  house: ["House", "a house"],
  "commercial-office": ["Office", "an office"],
  "commercial-retail": ["Retail space", "a retail space"],
  "commercial-industrial": ["Industrial space", "an industrial space"],
  "commercial-warehouse": ["Warehouse", "a warehouse"],
};

const LEVEL_PHRASES: Record<CleaningLevel, [label: string, phrase: string]> = {
  basic: ["Basic Clean", "a basic clean"],
  deep: ["Deep Clean", "a deep clean"],
  premium: ["Premium Clean", "a premium clean"],
};

const CONDITION_PHRASES: Record<ConditionLevel, [label: string, phrase: string]> = {
  light: ["Light soiling", "light soiling"],
  normal: ["Normal condition", "normal condition"],
  heavy: ["Heavy soiling", "heavy soiling"],
  extreme: ["Extreme soiling", "extreme soiling"],
};

// [phrase, plural]
const FEATURE_PHRASES: Record<Feature, [phrase: string, plural: boolean]> = {
  highCeilings: ["high areas", true],
  furnished: ["furnishings", true],
  pets: ["pets", true],
  stairs: ["stairs", true],
  windows: ["windows", true],
  urgent: ["urgent service", false],
  ecoFriendly: ["eco-friendly products", true],
};

const single = ([label, phrase]: [string, string], multiplier: number): Adjustment => ({
  label,
  phrase,
  plural: false,
  multiplier,
  capped: false,
});

export const spaceAdjustment = (type: SpaceType, multiplier: number) =>
  single(SPACE_PHRASES[type], multiplier);
export const levelAdjustment = (level: CleaningLevel, multiplier: number) =>
  single(LEVEL_PHRASES[level], multiplier);
export const conditionAdjustment = (condition: ConditionLevel, multiplier: number) =>
  single(CONDITION_PHRASES[condition], multiplier);

export function featureAdjustment(
  features: Feature[],
  multiplier: number,
  capped: boolean,
): Adjustment {
  const suffix = capped ? " (capped)" : "";
  const [first] = features;
  if (features.length === 1 && first) {
    const [phrase, plural] = FEATURE_PHRASES[first];
    return { label: capitalise(phrase) + suffix, phrase, plural, multiplier, capped };
  }
  const list = features.map((feature) => FEATURE_PHRASES[feature][0]).join(", ");
  const label = `Extra features: ${list}${suffix}`;
  return { label, phrase: `extra features (${list})`, plural: true, multiplier, capped };
}

const number = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 2 });

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "3 bedrooms, 2 bathrooms, a kitchen and a living area" */
function listOf(items: string[]) {
  return items.length < 2
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const plural = (n: number, one: string, many: string) =>
  `${number.format(n)} ${n === 1 ? one : many}`;

function describeBase(base: BaseDescription) {
  const hours = `${number.format(base.hours)} base hours`;
  if (base.kind === "area") {
    return `Based on ${number.format(base.squareMetres)} m² of floor area at ${COMMERCIAL_M2_PER_BASE_HOUR} m² an hour (${hours}).`;
  }
  const rooms = [
    base.bedrooms > 0 ? plural(base.bedrooms, "bedroom", "bedrooms") : "",
    base.bathrooms > 0 ? plural(base.bathrooms, "bathroom", "bathrooms") : "",
    "a kitchen",
    "a living area",
  ].filter(Boolean);
  return `Based on ${listOf(rooms)} (${hours}).`;
}

function describeAdjustment({ phrase, plural: many, multiplier, capped }: Adjustment) {
  const percent = number.format(Math.round(Math.abs(multiplier - 1) * 1000) / 10);
  const change =
    multiplier > 1
      ? `${many ? "add" : "adds"} ${percent}%`
      : `${many ? "take" : "takes"} ${percent}% off`;
  return `${phrase} ${change}${capped ? " (capped)" : ""}`;
}

/**
 * "9 hours with 2 cleaners" says how long the visit lasts on site (the hours are
 * cleaner-hours, shared by the team) and that the rate is per cleaner-hour.
 */
function describeResult(hours: number, cleaners: number, rateCents: number, minimum: boolean) {
  const time = `${plural(hours, "hour", "hours")}${minimum ? " (our minimum)" : ""}`;
  const onSite =
    cleaners > 1
      ? ` (about ${plural(Math.round((hours / cleaners) * 4) / 4, "hour", "hours")} on site)`
      : "";
  return `Estimated ${time} with ${plural(cleaners, "cleaner", "cleaners")}${onSite} at ${formatRate(rateCents)} per cleaner-hour.`;
}

export function explainEstimate(e: {
  base: BaseDescription;
  adjustments: Adjustment[];
  hours: number;
  cleaners: number;
  hourlyRateCents: number;
  minimumApplied: boolean;
}) {
  const changes = e.adjustments.filter((a) => a.multiplier !== 1).map(describeAdjustment);
  return [
    describeBase(e.base),
    changes.length > 0 ? `${capitalise(changes.join("; "))}.` : "",
    describeResult(e.hours, e.cleaners, e.hourlyRateCents, e.minimumApplied),
  ]
    .filter(Boolean)
    .join(" ");
}

/** docs/product/public-site.md#business-constants-and-limits: the fallback gives 3 hours and 1 cleaner; the text says why. */
export function explainFallback(missing: string, hours: number, cleaners: number, rate: number) {
  const minimum = hours === MINIMUM_HOURS ? "our minimum of " : "";
  return (
    `We could not estimate the time from the details given: ${missing}. ` +
    `We have allowed ${minimum}${plural(hours, "hour", "hours")} with ` +
    `${plural(cleaners, "cleaner", "cleaners")} at ${formatRate(rate)} per cleaner-hour, ` +
    `and our team will confirm the time with you.`
  );
}
