import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, emailRule, isSingleLine } from "~/lib/field-rules";
import { isAustralianPhone } from "~/lib/phone";
import { CREATE_QUOTE_MESSAGES, QUOTE_WIZARD_MESSAGES, countRangeMessage } from "./quote-messages";
import {
  CLEANING_LEVELS,
  DIRT_LEVELS,
  HOUSEKEEPING_LEVELS,
  MAX_FLOOR_AREA_M2,
  MAX_QUOTE_IMAGES,
  PREFERENCE_SERVICE_TYPES,
  SERVICE_TYPES,
  SPACE_TYPES,
  TIME_PREFERENCES,
  preferenceAppliesTo,
  spaceTypesFor,
  type ServiceSpecificPreference,
} from "./quote-options";

// The wizard's options live in quote-options.ts, without zod, for the wizard's screens
// (docs/decisions/0090-form-checks-on-demand.md); the schemas' other users read them here too.
export * from "./quote-options";

// The quote wizard's payload (docs/product/public-site.md#entities-and-fields "Quote wizard payload"), parsed by the wizard for
// its field messages and again by the server (docs/conventions.md#validation-and-forms). Counts and flags default to 0 and
// false so a payload that leaves a box unticked means "no", never "invalid".

const M = QUOTE_WIZARD_MESSAGES;

export const SpaceTypeSchema = z.enum(SPACE_TYPES, { error: M.spaceTypeRequired });
export const ServiceTypeSchema = z.enum(SERVICE_TYPES, { error: M.serviceTypeRequired });
export const CleaningLevelSchema = z.enum(CLEANING_LEVELS, { error: M.levelRequired });
export const TimePreferenceSchema = z.enum(TIME_PREFERENCES, { error: M.timePreferenceRequired });

// docs/product/public-site.md#validation-rules: number steppers cannot go below 0
const count = (max: number) =>
  z
    .number({ error: M.wholeNumber })
    .int(M.wholeNumber)
    .min(0, M.notNegative)
    .max(max, countRangeMessage(max))
    .default(0);

const optionalText = (max: number) =>
  z.string().trim().max(max, M.tooLong).refine(isSingleLine, CONTROL_CHARACTER_MESSAGE).optional();
const flag = () => z.boolean({ error: M.yesOrNo }).default(false);

export const SpaceDetailsSchema = z.object(
  {
    type: SpaceTypeSchema,
    bedrooms: count(20),
    bathrooms: count(20),
    floors: count(100),
    rooms: count(500),
    occupants: count(10_000),
    businessName: optionalText(120),
    squareFootage: z
      .number({ error: M.floorAreaRequired })
      .min(0, M.floorAreaRequired)
      .max(MAX_FLOOR_AREA_M2, M.floorAreaTooLarge)
      .optional(),
    // docs/decisions/0050-wizard-history-and-suburbs.md: checked against the suburbs list by the service
    address: optionalText(300).describe(
      'A suburb of the NSW suburbs list, as the type-ahead writes it ("Mosman NSW 2088"), or an address ending in one; any other is refused (422)',
    ),
  },
  { error: M.spaceTypeRequired },
);

export const PreferencesSchema = z.object(
  {
    timePreference: TimePreferenceSchema,
    providesEquipment: flag(),
    ecoFriendly: flag(),
    isEndOfLease: flag(),
    houseKeepingLevel: z
      .enum(HOUSEKEEPING_LEVELS, { error: M.housekeepingLevelInvalid })
      .default("none"),
    // docs/product/public-site.md#entities-and-fields: for commercial spaces also
    securityAccess: flag(),
    afterHoursService: flag(),
    regularSchedule: flag(),
  },
  { error: M.timePreferenceRequired },
);

export const ConditionsSchema = z.object(
  {
    dirtLevel: z.enum(DIRT_LEVELS, { error: M.dirtLevelInvalid }).default("normal"),
    hasHighAreas: flag(),
    hasParking: flag(),
    urgentService: flag(),
  },
  { error: M.conditionsRequired },
);

export type PhotoIdsMessages = {
  /** An id that is empty or too long to be an upload's */
  invalid: string;
  /** More than MAX_QUOTE_IMAGES */
  tooMany: string;
  /** The same upload twice */
  repeated: string;
  /** Something other than a list, when the caller words it (otherwise zod's own message) */
  notAList?: string;
};

/**
 * Photos are uploaded first (docs/decisions/0010-photo-uploads.md); a form carries their upload ids, never image data: at most
 * MAX_QUOTE_IMAGES (docs/product/public-site.md#validation-rules and docs/product/public-site.md#business-constants-and-limits), each an upload id, none twice. Shared by the quote
 * wizard and the post-construction request, each with its own words.
 */
export function photoIdsSchema(messages: PhotoIdsMessages) {
  const id = z.string(messages.invalid).trim().min(1, messages.invalid).max(200, messages.invalid);
  return z
    .array(id, messages.notAList === undefined ? undefined : { error: messages.notAList })
    .max(MAX_QUOTE_IMAGES, messages.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, messages.repeated)
    .default([]);
}

export const ImagesSchema = photoIdsSchema({
  invalid: M.photoInvalid,
  tooMany: M.tooManyImages,
  repeated: M.photoRepeated,
});

export const LeadInfoSchema = z.object(
  {
    name: z
      .string(M.nameRequired)
      .trim()
      .min(1, M.nameRequired)
      .max(120, M.tooLong)
      .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
    email: emailRule({ required: M.emailRequired, invalid: M.emailInvalid }),
    phone: z
      .string(M.phoneRequired)
      .trim()
      .min(1, M.phoneRequired)
      .refine((value) => value === "" || isAustralianPhone(value), M.phoneInvalid),
  },
  { error: M.contactRequired },
);

export type SpaceDetails = z.infer<typeof SpaceDetailsSchema>;
export type Preferences = z.infer<typeof PreferencesSchema>;
export type Conditions = z.infer<typeof ConditionsSchema>;
export type LeadInfo = z.infer<typeof LeadInfoSchema>;

type Issue = { path: (string | number)[]; message: string };

// docs/product/public-site.md#validation-rules, step 1. Written against unknown values because it also runs when other
// fields failed (so every message shows at once), and then only checks what parsed.
function spaceIssues(value: { serviceType?: unknown; spaceDetails?: unknown }): Issue[] {
  // `always` runs this even when the payload is not an object at all (null, a string)
  if (typeof value !== "object" || value === null) return [];
  const service = value.serviceType;
  const space = (value.spaceDetails ?? {}) as Record<string, unknown>;
  if (service !== "residential" && service !== "commercial") return [];
  const issues: Issue[] = [];
  const type = space.type;
  if (typeof type === "string" && !spaceTypesFor(service).some((t) => t === type)) {
    issues.push({ path: ["spaceDetails", "type"], message: M.spaceTypeRequired });
  }
  if (service === "commercial") {
    if (typeof space.businessName !== "string" || space.businessName.trim() === "") {
      issues.push({ path: ["spaceDetails", "businessName"], message: M.businessNameRequired });
    }
    const area = space.squareFootage;
    // a negative area already has the field's own message
    if (area === undefined || area === 0) {
      issues.push({ path: ["spaceDetails", "squareFootage"], message: M.floorAreaRequired });
    }
  } else {
    const { bedrooms, bathrooms } = space;
    if (typeof bedrooms === "number" && typeof bathrooms === "number" && bedrooms + bathrooms < 1) {
      issues.push({ path: ["spaceDetails", "bedrooms"], message: M.roomsRequired });
    }
  }
  return issues;
}

// docs/product/public-site.md#validation-rules, step 4: at least one photo, or the box accepting that time may vary
function photoIssues(value: { images?: unknown; photosWaived?: unknown }): Issue[] {
  if (typeof value !== "object" || value === null) return [];
  const hasPhoto = Array.isArray(value.images) && value.images.length > 0;
  return hasPhoto || value.photosWaived === true
    ? []
    : [{ path: ["images"], message: M.photosOrWaiver }];
}

// Step 3 on the server: an option switched on for a service type it does not apply to.
function preferenceIssues(value: { serviceType?: unknown; preferences?: unknown }): Issue[] {
  if (typeof value !== "object" || value === null) return [];
  const service = value.serviceType;
  if (service !== "residential" && service !== "commercial") return [];
  const prefs = (value.preferences ?? {}) as Record<string, unknown>;
  return (Object.keys(PREFERENCE_SERVICE_TYPES) as ServiceSpecificPreference[])
    .filter((key) => {
      const chosen = prefs[key];
      const on =
        key === "houseKeepingLevel" ? chosen !== undefined && chosen !== "none" : chosen === true;
      return on && !preferenceAppliesTo(key, service);
    })
    .map((key) => ({ path: ["preferences", key], message: M.optionNotForService }));
}

// `when: () => true` runs a rule even when a field failed, so a step shows all its messages at once.
const always = { when: () => true };
function addIssues(ctx: z.RefinementCtx, value: unknown, issues: Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: "custom", input: value, ...issue });
}

const spaceShape = { serviceType: ServiceTypeSchema, spaceDetails: SpaceDetailsSchema };
const levelShape = { cleaningLevel: CleaningLevelSchema };
const preferencesShape = { preferences: PreferencesSchema, conditions: ConditionsSchema };
const photosShape = { images: ImagesSchema, photosWaived: flag() };
const contactShape = { leadInfo: LeadInfoSchema };

/** Step 1: space type and details */
export const SpaceStepSchema = z
  .object(spaceShape)
  .superRefine((value, ctx) => addIssues(ctx, value, spaceIssues(value)), always);
/** Step 2: cleaning level */
export const LevelStepSchema = z.object(levelShape);
/** Step 3: preferences and conditions */
export const PreferencesStepSchema = z.object(preferencesShape);
/** Step 4: photos */
export const PhotosStepSchema = z
  .object(photosShape)
  .superRefine((value, ctx) => addIssues(ctx, value, photoIssues(value)), always);
/** Step 5: contact information */
export const ContactStepSchema = z.object(contactShape);

/** Step 6 and the server: the whole wizard payload. */
export const QuoteRequestSchema = z
  .object({
    ...spaceShape,
    ...levelShape,
    ...preferencesShape,
    ...photosShape,
    ...contactShape,
    // docs/decisions/0020-provider-book-now.md: a provider profile's Book Now starts a quote with that cleaner preferred
    preferredCleanerId: z
      .string(M.preferredCleanerInvalid)
      .trim()
      .min(1, M.preferredCleanerInvalid)
      .max(64, M.preferredCleanerInvalid)
      .optional(),
  })
  .superRefine((value, ctx) => {
    addIssues(ctx, value, [
      ...spaceIssues(value),
      ...preferenceIssues(value),
      ...photoIssues(value),
    ]);
  }, always);

/**
 * An estimate without a quote (POST /api/v1/estimate, the wizard's running figure): the space,
 * the level and, when known, the preferences and conditions that move the hours. A whole wizard
 * payload also fits; what the estimate does not read is ignored.
 */
export const EstimateRequestSchema = z
  .object({
    ...spaceShape,
    ...levelShape,
    preferences: PreferencesSchema.partial().optional(),
    conditions: ConditionsSchema.optional(),
  })
  .superRefine((value, ctx) => addIssues(ctx, value, spaceIssues(value)), always);
export type EstimateRequest = z.infer<typeof EstimateRequestSchema>;

/** What the server parses and stores. */
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;
/** What the wizard may send: counts and flags may be left out. */
export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;

/**
 * docs/product/public-site.md#validation-rules "Quote creation": the checks on the row about to be written, with the
 * spec's messages. Email format and phone were checked by QuoteRequestSchema already; the
 * phone is nullable as in the quotes table (docs/product/public-site.md#entities-and-fields).
 */
export const CreateQuoteSchema = z.object({
  clientName: z
    .string(CREATE_QUOTE_MESSAGES.clientNameRequired)
    .trim()
    .min(1, CREATE_QUOTE_MESSAGES.clientNameRequired),
  clientEmail: z
    .string(CREATE_QUOTE_MESSAGES.clientEmailRequired)
    .trim()
    .min(1, CREATE_QUOTE_MESSAGES.clientEmailRequired),
  clientPhone: z.string().trim().nullable(),
  serviceType: z.enum(SERVICE_TYPES, CREATE_QUOTE_MESSAGES.serviceTypeRequired),
  cleaningLevel: z.enum(CLEANING_LEVELS, CREATE_QUOTE_MESSAGES.cleaningLevelRequired),
  estimatedHours: z
    .number(CREATE_QUOTE_MESSAGES.invalidEstimatedHours)
    .min(0, CREATE_QUOTE_MESSAGES.invalidEstimatedHours),
});
export type CreateQuoteInput = z.infer<typeof CreateQuoteSchema>;

/** docs/product/public-site.md#validation-rules: each failure stops with its own error; this is the first, in spec order. */
export function createQuoteError(input: unknown): string | null {
  const result = CreateQuoteSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
