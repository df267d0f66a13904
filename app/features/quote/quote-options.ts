import type { Preferences } from "./quote.schema";

// The quote wizard's options and limits (docs/product/public-site.md#entities-and-fields), apart
// from the schemas in quote.schema.ts: the wizard's screens show them before zod has loaded,
// which it does only when the checks are first needed (docs/decisions/0090-form-checks-on-demand.md).

// docs/product/public-site.md#entities-and-fields "Space types"; post-construction has its own form and no instant price (docs/decisions/0004-structured-estimate.md).
export const RESIDENTIAL_SPACE_TYPES = ["apartment", "house"] as const;
export const COMMERCIAL_SPACE_TYPES = [
  "commercial-office",
  "commercial-retail",
  "commercial-industrial",
  "commercial-warehouse",
] as const;
export const SPACE_TYPES = [...RESIDENTIAL_SPACE_TYPES, ...COMMERCIAL_SPACE_TYPES] as const;
export const SERVICE_TYPES = ["residential", "commercial"] as const;
export const CLEANING_LEVELS = ["basic", "deep", "premium"] as const;
export const TIME_PREFERENCES = ["morning", "afternoon", "evening"] as const;
export const HOUSEKEEPING_LEVELS = ["none", "basic", "full"] as const;
export const DIRT_LEVELS = ["normal", "heavy"] as const;
/** docs/product/public-site.md#validation-rules and docs/product/public-site.md#business-constants-and-limits: at most 4 photos */
export const MAX_QUOTE_IMAGES = 4;
/** docs/decisions/0025-floor-area-in-square-metres.md: `squareFootage` keeps the spec's name but holds square metres. */
export const MAX_FLOOR_AREA_M2 = 100_000;

export type ResidentialSpaceType = (typeof RESIDENTIAL_SPACE_TYPES)[number];
export type CommercialSpaceType = (typeof COMMERCIAL_SPACE_TYPES)[number];
export type SpaceType = (typeof SPACE_TYPES)[number];
export type ServiceType = (typeof SERVICE_TYPES)[number];
export type CleaningLevel = (typeof CLEANING_LEVELS)[number];
export type TimePreference = (typeof TIME_PREFERENCES)[number];
export type HousekeepingLevel = (typeof HOUSEKEEPING_LEVELS)[number];
export type DirtLevel = (typeof DIRT_LEVELS)[number];

export function isCommercialSpaceType(type: string): type is CommercialSpaceType {
  return (COMMERCIAL_SPACE_TYPES as readonly string[]).includes(type);
}

/** The space types a service type offers: residential homes, commercial businesses. */
export function spaceTypesFor(serviceType: ServiceType): readonly SpaceType[] {
  return serviceType === "commercial" ? COMMERCIAL_SPACE_TYPES : RESIDENTIAL_SPACE_TYPES;
}

/**
 * Which service types each step 3 option applies to (an office is never offered an
 * end-of-lease clean or housekeeping). The wizard shows an option only for these, and the server
 * refuses it, switched on, for any other.
 */
export const PREFERENCE_SERVICE_TYPES = {
  isEndOfLease: ["residential"],
  houseKeepingLevel: ["residential"],
  securityAccess: ["commercial"],
  afterHoursService: ["commercial"],
  regularSchedule: ["commercial"],
} as const satisfies Partial<Record<keyof Preferences, readonly ServiceType[]>>;

export type ServiceSpecificPreference = keyof typeof PREFERENCE_SERVICE_TYPES;

/** Whether a step 3 option is offered for this service type (options not in the table: always). */
export function preferenceAppliesTo(key: keyof Preferences, serviceType: ServiceType | undefined) {
  const types: readonly ServiceType[] | undefined =
    PREFERENCE_SERVICE_TYPES[key as ServiceSpecificPreference];
  return !types || (serviceType !== undefined && types.includes(serviceType));
}
