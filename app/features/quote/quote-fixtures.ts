import type { QuoteRequestInput } from "./quote.schema";

// Complete wizard payloads for tests: one home, one business.

export const residentialRequest: QuoteRequestInput = {
  serviceType: "residential",
  spaceDetails: { type: "apartment", bedrooms: 2, bathrooms: 1, address: "Bondi NSW 2026" },
  cleaningLevel: "deep",
  preferences: { timePreference: "morning", ecoFriendly: true },
  conditions: { dirtLevel: "normal" },
  images: ["upload-1"],
  leadInfo: { name: "Ava Chen", email: "ava@example.com", phone: "0412 345 678" },
};

export const commercialRequest: QuoteRequestInput = {
  serviceType: "commercial",
  spaceDetails: { type: "commercial-office", businessName: "Harbour Legal", squareFootage: 150 },
  cleaningLevel: "basic",
  preferences: { timePreference: "evening", afterHoursService: true, securityAccess: true },
  conditions: { dirtLevel: "heavy" },
  photosWaived: true,
  leadInfo: { name: "Sam Doyle", email: "sam@harbourlegal.com.au", phone: "(02) 9123 4567" },
};

export function withSpace(base: QuoteRequestInput, spaceDetails: object): QuoteRequestInput {
  return { ...base, spaceDetails: { ...base.spaceDetails, ...spaceDetails } };
}
