import { z } from "zod";
import {
  emailRule,
  CONTROL_CHARACTER_MESSAGE,
  isAbn,
  isPlainMultiLine,
  isSingleLine,
  MULTI_LINE_CONTROL_MESSAGE,
} from "~/lib/field-rules";
import { photoIdsSchema } from "~/features/quote/quote.schema";
import type { FieldErrors } from "~/lib/field-errors";
import { parseValues } from "~/lib/forms";
import { isReference } from "~/lib/ids";
import { isAustralianPhone } from "~/lib/phone";
import {
  CLEAN_TYPES,
  FLOOR_COUNTS,
  FLOOR_TYPES,
  PRIORITIES,
  PROPERTY_SIZES,
  PROPERTY_TYPES,
  REQUEST_TYPES,
  SERVICES,
} from "./post-construction-copy";

// The post-construction request (docs/product/public-site.md#post-construction-flow, docs/product/public-site.md#entities-and-fields and docs/product/public-site.md#validation-rules): the property form, then the
// contact step. One schema per part, parsed by the browser for its field messages and again by
// the server, which receives both parts together on the final submit (docs/conventions.md#validation-and-forms).

export const POST_CONSTRUCTION_MESSAGES = {
  propertyTypeRequired: "Please choose the type of property.",
  propertySizeRequired: "Please choose the size of the property.",
  floorsRequired: "Please choose the number of floors.",
  kitchenRequired: "Please tell us whether there is a kitchen.",
  cleanTypeRequired: "Please choose the type of clean.",
  wholeNumber: "Please enter a whole number.",
  notNegative: "This cannot be less than 0.",
  countTooLarge: (max: number) => `Please enter a number from 0 to ${max}.`,
  optionInvalid: "Please choose from the options shown.",
  tooLong: (max: number) => `Please keep this under ${max.toLocaleString("en-AU")} characters.`,
  // docs/product/public-site.md#validation-rules and docs/product/public-site.md#messages, word for word
  tooManyPhotos: "Maximum 4 images allowed",
  photoInvalid: "This photo did not upload. Please remove it and try again",
  photoRepeated: "This photo is already added.",
  fullNameRequired: "Please enter your full name.",
  requestTypeRequired: "Please tell us whether you are asking as an individual or a company.",
  phoneRequired: "Please enter your phone number.",
  phoneInvalid: "Please enter a phone number we can call, like 0412 345 678.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address, like name@example.com.",
  addressRequired: "Please enter the property address.",
  abnInvalid: "An ABN has 11 digits, like 51 824 753 556. Please check it, or leave it empty.",
} as const;

const M = POST_CONSTRUCTION_MESSAGES;

// docs/product/public-site.md#validation-rules: number inputs have a minimum of 0
const count = (max: number) =>
  z
    .number({ error: M.wholeNumber })
    .int(M.wholeNumber)
    .min(0, M.notNegative)
    .max(max, M.countTooLarge(max))
    .default(0);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(max))
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
    .default("");
const notes = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(max))
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE)
    .default("");
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: M.optionInvalid }), { error: M.optionInvalid })
    .max(values.length, M.optionInvalid)
    .refine((list) => new Set(list).size === list.length, M.optionInvalid)
    .default([]);

export const PostConstructionFormSchema = z.object(
  {
    propertyType: z.enum(PROPERTY_TYPES, { error: M.propertyTypeRequired }),
    propertySize: z.enum(PROPERTY_SIZES, { error: M.propertySizeRequired }),
    floors: z.enum(FLOOR_COUNTS, { error: M.floorsRequired }),
    rooms: count(500),
    bathrooms: count(100),
    hasKitchen: z.boolean({ error: M.kitchenRequired }),
    cleanType: z.enum(CLEAN_TYPES, { error: M.cleanTypeRequired }),
    services: choices(SERVICES),
    floorTypes: choices(FLOOR_TYPES),
    needsScaffolding: z.boolean({ error: M.optionInvalid }).default(false),
    additionalDetails: text(2000),
    clientPriorities: choices(PRIORITIES),
    // Photos are uploaded first (docs/decisions/0010-photo-uploads.md); the form carries their upload ids, never image data.
    photos: photoIdsSchema({
      invalid: M.photoInvalid,
      tooMany: M.tooManyPhotos,
      repeated: M.photoRepeated,
      notAList: M.photoInvalid,
    }),
    additionalNotes: text(2000),
  },
  { error: M.propertyTypeRequired },
);

/** An ABN as typed ("51 824 753 556") to its 11 digits, or null when it is not 11 digits. */
function normaliseAbn(value: string) {
  return isAbn(value) ? value.replace(/\s/g, "") : null;
}

export const PostConstructionContactSchema = z
  .object(
    {
      fullName: z
        .string(M.fullNameRequired)
        .trim()
        .min(1, M.fullNameRequired)
        .max(120, M.tooLong(120))
        .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
      requestType: z.enum(REQUEST_TYPES, { error: M.requestTypeRequired }),
      // docs/product/public-site.md#validation-rules: company name and ABN appear only for company requests and are optional
      companyName: text(160),
      abn: text(20),
      phone: z
        .string(M.phoneRequired)
        .trim()
        .min(1, M.phoneRequired)
        .max(30, M.phoneInvalid)
        .refine(isAustralianPhone, M.phoneInvalid),
      email: emailRule({ required: M.emailRequired, invalid: M.emailInvalid }),
      address: z
        .string(M.addressRequired)
        .trim()
        .min(1, M.addressRequired)
        .max(300, M.tooLong(300))
        .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
      additionalNotes: notes(2000),
    },
    { error: M.fullNameRequired },
  )
  .superRefine(
    (value, ctx) => {
      // An ABN, when a company gives one, is 11 digits; an individual's is never read. Runs even
      // when another field failed, so every message shows at once (the value may be partial).
      const { requestType, abn } = (value ?? {}) as { requestType?: unknown; abn?: unknown };
      if (requestType !== "company" || typeof abn !== "string" || abn.trim() === "") return;
      if (!normaliseAbn(abn)) {
        ctx.addIssue({ code: "custom", path: ["abn"], message: M.abnInvalid, input: abn });
      }
    },
    { when: () => true },
  )
  .transform((value) => {
    const company = value.requestType === "company";
    return {
      ...value,
      companyName: company && value.companyName !== "" ? value.companyName : null,
      abn: company && value.abn !== "" ? normaliseAbn(value.abn) : null,
    };
  });

/** What the server reads on the final submit: the property form and the contact step. */
export const PostConstructionRequestSchema = z.object({
  form: PostConstructionFormSchema,
  contact: PostConstructionContactSchema,
});

export type PostConstructionFormInput = z.input<typeof PostConstructionFormSchema>;
export type PostConstructionContactInput = z.input<typeof PostConstructionContactSchema>;
export type PostConstructionRequest = z.infer<typeof PostConstructionRequestSchema>;

export const CONTACT_FIELDS = [
  "fullName",
  "requestType",
  "companyName",
  "abn",
  "phone",
  "email",
  "address",
  "additionalNotes",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Field name -> the first message for it, in the schema's order. */
export function formErrors(input: unknown): FieldErrors<string> {
  const parsed = parseValues(input, PostConstructionFormSchema);
  return parsed.ok ? {} : parsed.fieldErrors;
}

export function contactErrors(input: unknown): FieldErrors<string> {
  const parsed = parseValues(input, PostConstructionContactSchema);
  return parsed.ok ? {} : parsed.fieldErrors;
}

/** The thank-you page's ?ref=, when it has the shape of a reference (docs/decisions/0005-durable-references.md); otherwise null. */
export function referenceFromUrl(url: string) {
  const reference = new URL(url).searchParams.get("ref");
  return reference && isReference(reference) ? reference : null;
}
