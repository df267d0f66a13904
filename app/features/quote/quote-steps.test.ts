import { describe, expect, test } from "vitest";
import { QUOTE_WIZARD_MESSAGES, countRangeMessage } from "./quote-messages";
import { commercialRequest, residentialRequest, withSpace } from "./quote-fixtures";
import { QUOTE_STEP_SCHEMAS, firstInvalidStep, validateQuoteStep } from "./quote-steps";
import {
  QUOTE_STEP_FIELDS,
  type QuoteStepNumber,
  firstStepWithError,
  stepOfField,
} from "./quote-step-fields";
import { isAustralianPhone } from "~/lib/phone";
import { QuoteRequestSchema } from "./quote.schema";

const M = QUOTE_WIZARD_MESSAGES;

type StepCase = {
  when: string;
  step: QuoteStepNumber;
  state: object;
  field: string;
  message: string;
};

// Each row: a state that breaks one rule of a step, the field, and the message shown beside it.
const STEP_MESSAGES: StepCase[] = [
  {
    when: "a missing space type",
    step: 1,
    field: "spaceDetails.type",
    message: M.spaceTypeRequired,
    state: withSpace(commercialRequest, { type: undefined }),
  },
  {
    when: "a home type on a commercial quote",
    step: 1,
    field: "spaceDetails.type",
    message: M.spaceTypeRequired,
    state: withSpace(commercialRequest, { type: "house" }),
  },
  {
    when: "a commercial type on a residential quote",
    step: 1,
    field: "spaceDetails.type",
    message: M.spaceTypeRequired,
    state: withSpace(residentialRequest, { type: "commercial-retail" }),
  },
  {
    when: "a commercial quote without a business name",
    step: 1,
    field: "spaceDetails.businessName",
    message: M.businessNameRequired,
    state: withSpace(commercialRequest, { businessName: " " }),
  },
  {
    when: "a commercial quote without a floor area",
    step: 1,
    field: "spaceDetails.squareFootage",
    message: M.floorAreaRequired,
    state: withSpace(commercialRequest, { squareFootage: undefined }),
  },
  {
    when: "a commercial quote of 0 m²",
    step: 1,
    field: "spaceDetails.squareFootage",
    message: M.floorAreaRequired,
    state: withSpace(commercialRequest, { squareFootage: 0 }),
  },
  {
    when: "a floor area beyond 100,000 m²",
    step: 1,
    field: "spaceDetails.squareFootage",
    message: M.floorAreaTooLarge,
    state: withSpace(commercialRequest, { squareFootage: 100_001 }),
  },
  {
    when: "a home with no bedroom and no bathroom",
    step: 1,
    field: "spaceDetails.bedrooms",
    message: M.roomsRequired,
    state: withSpace(residentialRequest, { bedrooms: 0, bathrooms: 0 }),
  },
  {
    when: "a negative number of bathrooms",
    step: 1,
    field: "spaceDetails.bathrooms",
    message: M.notNegative,
    state: withSpace(residentialRequest, { bathrooms: -1 }),
  },
  {
    when: "half a bedroom",
    step: 1,
    field: "spaceDetails.bedrooms",
    message: M.wholeNumber,
    state: withSpace(residentialRequest, { bedrooms: 1.5 }),
  },
  {
    when: "21 bedrooms",
    step: 1,
    field: "spaceDetails.bedrooms",
    message: countRangeMessage(20),
    state: withSpace(residentialRequest, { bedrooms: 21 }),
  },
  {
    when: "no service type",
    step: 1,
    field: "serviceType",
    message: M.serviceTypeRequired,
    state: { ...residentialRequest, serviceType: undefined },
  },
  {
    when: "no cleaning level",
    step: 2,
    field: "cleaningLevel",
    message: M.levelRequired,
    state: { ...residentialRequest, cleaningLevel: undefined },
  },
  {
    when: "an unknown cleaning level",
    step: 2,
    field: "cleaningLevel",
    message: M.levelRequired,
    state: { ...residentialRequest, cleaningLevel: "sparkling" },
  },
  {
    when: "no time preference",
    step: 3,
    field: "preferences.timePreference",
    message: M.timePreferenceRequired,
    state: { ...residentialRequest, preferences: {} },
  },
  {
    when: "no photo and no tick",
    step: 4,
    field: "images",
    message: M.photosOrWaiver,
    state: { ...residentialRequest, images: [], photosWaived: false },
  },
  {
    when: "five photos",
    step: 4,
    field: "images",
    message: M.tooManyImages,
    state: { ...residentialRequest, images: ["a", "b", "c", "d", "e"] },
  },
  {
    when: "the same photo twice",
    step: 4,
    field: "images",
    message: M.photoRepeated,
    state: { ...residentialRequest, images: ["a", "a"] },
  },
  {
    when: "an empty name",
    step: 5,
    field: "leadInfo.name",
    message: M.nameRequired,
    state: { ...residentialRequest, leadInfo: { ...residentialRequest.leadInfo, name: " " } },
  },
  {
    when: "no email",
    step: 5,
    field: "leadInfo.email",
    message: M.emailRequired,
    state: { ...residentialRequest, leadInfo: { ...residentialRequest.leadInfo, email: "" } },
  },
  {
    when: "an email without a domain",
    step: 5,
    field: "leadInfo.email",
    message: M.emailInvalid,
    state: { ...residentialRequest, leadInfo: { ...residentialRequest.leadInfo, email: "ava@" } },
  },
  {
    when: "no phone",
    step: 5,
    field: "leadInfo.phone",
    message: M.phoneRequired,
    state: { ...residentialRequest, leadInfo: { ...residentialRequest.leadInfo, phone: "" } },
  },
  {
    when: "a phone too short",
    step: 5,
    field: "leadInfo.phone",
    message: M.phoneInvalid,
    state: {
      ...residentialRequest,
      leadInfo: { ...residentialRequest.leadInfo, phone: "1234 567" },
    },
  },
];

describe("the wizard steps' rules (docs/product/public-site.md#validation-rules)", () => {
  for (const { when, step, state, field, message } of STEP_MESSAGES) {
    test(`step ${step}: ${when} shows "${message}" beside ${field}`, () => {
      expect(validateQuoteStep(step, state)[field]).toBe(message);
      // the server re-parses the whole payload and reports the same message
      expect(validateQuoteStep(6, state)[field]).toBe(message);
    });
  }

  test("a field shows only its first message: an empty email is not also called invalid", () => {
    const result = QuoteRequestSchema.safeParse({
      ...residentialRequest,
      leadInfo: { ...residentialRequest.leadInfo, email: "", phone: "" },
    });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([M.emailRequired, M.phoneRequired]);
  });

  test("every step of a complete request is valid", () => {
    for (const step of [1, 2, 3, 4, 5, 6] as const) {
      expect(validateQuoteStep(step, residentialRequest)).toEqual({});
      expect(validateQuoteStep(step, commercialRequest)).toEqual({});
    }
  });

  test("a photo or the tick is enough for step 4", () => {
    expect(validateQuoteStep(4, { images: ["upload-1"] })).toEqual({});
    expect(validateQuoteStep(4, { photosWaived: true })).toEqual({});
  });

  test("a studio with a bathroom and no bedroom is a valid home", () => {
    expect(
      validateQuoteStep(1, withSpace(residentialRequest, { bedrooms: 0, bathrooms: 1 })),
    ).toEqual({});
  });

  test("an empty commercial step 1 shows every message at once", () => {
    expect(validateQuoteStep(1, { serviceType: "commercial", spaceDetails: {} })).toEqual({
      "spaceDetails.type": M.spaceTypeRequired,
      "spaceDetails.businessName": M.businessNameRequired,
      "spaceDetails.squareFootage": M.floorAreaRequired,
    });
  });

  test("a final submit finds the first step still to complete", () => {
    expect(firstInvalidStep(residentialRequest)).toBeNull();
    expect(firstInvalidStep({ ...residentialRequest, preferences: {}, leadInfo: {} })).toBe(3);
    expect(firstInvalidStep({})).toBe(1);
  });

  test("a refused field takes the customer back to the step that asks for it", () => {
    expect(stepOfField("spaceDetails.address")).toBe(1);
    expect(stepOfField("cleaningLevel")).toBe(2);
    expect(stepOfField("conditions.dirtLevel")).toBe(3);
    expect(stepOfField("images")).toBe(4);
    expect(stepOfField("leadInfo.email")).toBe(5);
    expect(stepOfField("estimatedHours")).toBeNull();
    expect(firstStepWithError({ "leadInfo.email": M.emailInvalid, images: M.photoInvalid })).toBe(
      4,
    );
    expect(firstStepWithError({ estimatedHours: "Invalid estimated hours" })).toBeNull();
  });

  test("each step's fields, known before the checks load, are the ones its schema asks for", () => {
    for (const step of [1, 2, 3, 4, 5] as const) {
      expect([...QUOTE_STEP_FIELDS[step]].sort()).toEqual(
        Object.keys(QUOTE_STEP_SCHEMAS[step].shape).sort(),
      );
    }
  });

  test.each(["0412 345 678", "(02) 9123 4567", "+61 2 9123 4567", "+61412345678", "5550 1234"])(
    "%s is an Australian phone number",
    (phone) => expect(isAustralianPhone(phone)).toBe(true),
  );

  test.each(["1234567", "0412 345 678 9012 3456", "0412-ABC-678", "04+12 345 678", "call me"])(
    "%s is not",
    (phone) => expect(isAustralianPhone(phone)).toBe(false),
  );
});
