import { describe, expect, test } from "vitest";
import { CLEANING_LEVEL_COPY, TIME_PREFERENCE_LABELS } from "./quote-copy";
import { commercialRequest, residentialRequest } from "./quote-fixtures";
import { CREATE_QUOTE_MESSAGES, QUOTE_WIZARD_MESSAGES } from "./quote-messages";
import { CreateQuoteSchema, QuoteRequestSchema, createQuoteError } from "./quote.schema";

const M = QUOTE_WIZARD_MESSAGES;

describe("the quote wizard payload (docs/product/public-site.md#entities-and-fields)", () => {
  test("a complete residential request parses, with unticked boxes and counts defaulted", () => {
    const parsed = QuoteRequestSchema.parse(residentialRequest);
    expect(parsed.spaceDetails).toMatchObject({ floors: 0, rooms: 0, occupants: 0 });
    expect(parsed.preferences).toMatchObject({
      providesEquipment: false,
      houseKeepingLevel: "none",
    });
    expect(parsed.conditions).toEqual({
      dirtLevel: "normal",
      hasHighAreas: false,
      hasParking: false,
      urgentService: false,
    });
    expect(parsed.photosWaived).toBe(false);
  });

  test("a complete commercial request parses, floor area in square metres (docs/decisions/0025-floor-area-in-square-metres.md)", () => {
    const parsed = QuoteRequestSchema.parse(commercialRequest);
    expect(parsed.spaceDetails.squareFootage).toBe(150);
    expect(parsed.images).toEqual([]);
  });

  test("names, emails and phones are trimmed", () => {
    const parsed = QuoteRequestSchema.parse({
      ...residentialRequest,
      leadInfo: { name: "  Ava Chen ", email: " ava@example.com ", phone: " 0412 345 678 " },
    });
    expect(parsed.leadInfo).toEqual({
      name: "Ava Chen",
      email: "ava@example.com",
      phone: "0412 345 678",
    });
  });

  test("a payload missing whole groups names each in plain words, never a parser's jargon", () => {
    const result = QuoteRequestSchema.safeParse({
      serviceType: "residential",
      cleaningLevel: "basic",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toMatchObject({
      spaceDetails: M.spaceTypeRequired,
      preferences: M.timePreferenceRequired,
      conditions: M.conditionsRequired,
      leadInfo: M.contactRequired,
    });
    expect(Object.values(messages).join(" ")).not.toMatch(/expected|received|Invalid input/);
  });

  test("wrong types inside a group get plain words too", () => {
    const result = QuoteRequestSchema.safeParse({
      ...residentialRequest,
      spaceDetails: { ...residentialRequest.spaceDetails, bedrooms: "two" },
      preferences: {
        ...residentialRequest.preferences,
        ecoFriendly: "yes",
        houseKeepingLevel: "daily",
      },
      conditions: { dirtLevel: "filthy", urgentService: 1 },
      photosWaived: "true",
      leadInfo: { name: 7, email: ["a"], phone: false },
      preferredCleanerId: 42,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toMatchObject({
      "spaceDetails.bedrooms": M.wholeNumber,
      "preferences.ecoFriendly": M.yesOrNo,
      "preferences.houseKeepingLevel": M.housekeepingLevelInvalid,
      "conditions.dirtLevel": M.dirtLevelInvalid,
      "conditions.urgentService": M.yesOrNo,
      photosWaived: M.yesOrNo,
      "leadInfo.name": M.nameRequired,
      "leadInfo.email": M.emailRequired,
      "leadInfo.phone": M.phoneRequired,
      preferredCleanerId: M.preferredCleanerInvalid,
    });
    expect(Object.values(messages).join(" ")).not.toMatch(/expected|received|Invalid input/);
  });
});

const validRecord = {
  clientName: "Ava Chen",
  clientEmail: "ava@example.com",
  clientPhone: "0412 345 678",
  serviceType: "residential",
  cleaningLevel: "deep",
  estimatedHours: 9,
};

describe("the server's checks before a quote is written (docs/product/public-site.md#validation-rules, docs/product/public-site.md#messages)", () => {
  test.each([
    ["clientName", "", CREATE_QUOTE_MESSAGES.clientNameRequired],
    ["clientName", undefined, CREATE_QUOTE_MESSAGES.clientNameRequired],
    ["clientEmail", "  ", CREATE_QUOTE_MESSAGES.clientEmailRequired],
    ["serviceType", undefined, CREATE_QUOTE_MESSAGES.serviceTypeRequired],
    ["cleaningLevel", null, CREATE_QUOTE_MESSAGES.cleaningLevelRequired],
    ["estimatedHours", undefined, CREATE_QUOTE_MESSAGES.invalidEstimatedHours],
    ["estimatedHours", -1, CREATE_QUOTE_MESSAGES.invalidEstimatedHours],
  ])("%s set to %j fails with its own message", (field, value, message) => {
    expect(createQuoteError({ ...validRecord, [field]: value })).toBe(message);
  });

  test("the messages are the spec's, word for word", () => {
    expect(Object.values(CREATE_QUOTE_MESSAGES)).toEqual([
      "Client name is required",
      "Client email is required",
      "Service type is required",
      "Cleaning level is required",
      "Invalid estimated hours",
    ]);
    expect(M.incomplete).toBe("Please complete all required fields");
    expect(M.tooManyImages).toBe("Maximum 4 images allowed");
  });

  test("the first failure stops the insert, in the spec's order", () => {
    expect(createQuoteError({ ...validRecord, clientName: "", cleaningLevel: undefined })).toBe(
      "Client name is required",
    );
    expect(createQuoteError({})).toBe("Client name is required");
  });

  test("a complete record passes, and the phone may be empty as in the quotes table", () => {
    expect(createQuoteError(validRecord)).toBeNull();
    expect(CreateQuoteSchema.parse({ ...validRecord, clientPhone: null }).clientPhone).toBeNull();
  });
});

describe("the wizard's display copy", () => {
  test("the three levels are Basic, Deep and Premium Clean, each described with features", () => {
    expect(Object.values(CLEANING_LEVEL_COPY).map((level) => level.name)).toEqual([
      "Basic Clean",
      "Deep Clean",
      "Premium Clean",
    ]);
    for (const level of Object.values(CLEANING_LEVEL_COPY)) {
      expect(level.description).not.toBe("");
      expect(level.features.length).toBeGreaterThanOrEqual(4);
    }
  });

  test("the time preferences read as the spec gives them", () => {
    expect(Object.values(TIME_PREFERENCE_LABELS)).toEqual([
      "Morning (8AM-12PM)",
      "Afternoon (12PM-4PM)",
      "Evening (4PM-8PM)",
    ]);
  });
});
