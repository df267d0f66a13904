import { describe, expect, test } from "vitest";
import type { ConditionLevel } from "./estimate-constants";
import { type EstimateInput, cleanersFor, estimate, roundToHalfHour } from "./estimate";
import { type CleaningLevel, type SpaceType, QuoteRequestSchema } from "./quote.schema";

const RATE = 5000; // docs/product/public-site.md#business-constants-and-limits and docs/decisions/0003-one-hourly-rate.md: $50 an hour

type Options = {
  level?: CleaningLevel;
  dirt?: ConditionLevel;
  floors?: number;
  highAreas?: boolean;
  urgent?: boolean;
  eco?: boolean;
};

function space(
  spaceDetails: EstimateInput["spaceDetails"],
  { level = "basic", dirt = "normal", highAreas = false, urgent = false, eco = false }: Options,
): EstimateInput {
  return {
    spaceDetails,
    cleaningLevel: level,
    conditions: { dirtLevel: dirt, hasHighAreas: highAreas, urgentService: urgent },
    preferences: { ecoFriendly: eco },
  };
}

const home = (type: SpaceType, bedrooms: number, bathrooms: number, options: Options = {}) =>
  space({ type, bedrooms, bathrooms, floors: options.floors ?? 1 }, options);

const business = (type: SpaceType, squareMetres: number, options: Options = {}) =>
  space({ type, squareFootage: squareMetres, floors: options.floors ?? 1 }, options);

// Worked by hand from docs/product/public-site.md#business-constants-and-limits. Residential base = 0.6 a bedroom + 0.5 a bathroom
// + 1.8 (a kitchen, 1, and a living room, 0.8); commercial base = m² / 45. Then
// x space x level x condition x min(product of features, 1.25); nearest half hour, ties up;
// at least 3 hours; cleaners = ceil(hours / 6); total = hours x rate.
const WORKED_EXAMPLES = [
  {
    // 0.6 + 0.5 + 1.8 = 2.9 -> 3; 3 is also the minimum; ceil(3/6) = 1; 3 x $50
    name: "an apartment with 1 bedroom and 1 bathroom, basic, normal: the 3-hour minimum",
    input: home("apartment", 1, 1),
    hours: 3,
    cleaners: 1,
    totalCents: 15_000,
  },
  {
    // 0.5 + 1.8 = 2.3 -> 2.5, raised to the 3-hour minimum
    name: "a studio with 1 bathroom rounds to 2.5 hours and is raised to the minimum",
    input: home("apartment", 0, 1),
    hours: 3,
    cleaners: 1,
    totalCents: 15_000,
  },
  {
    // 5 x 0.6 + 3 x 0.5 + 1.8 = 6.3; x 1.1 house = 6.93; x 1.2 deep = 8.316;
    // x 1.2 heavy = 9.9792; x 1.1 stairs = 10.97712 -> 11; ceil(11/6) = 2
    name: "a large two-storey house, deep clean, heavy soiling",
    input: home("house", 5, 3, { level: "deep", dirt: "heavy", floors: 2 }),
    hours: 11,
    cleaners: 2,
    totalCents: 55_000,
  },
  {
    // 4.6 x 1.1 = 5.06; x 1.2 = 6.072; x 1.2 = 7.2864; features 1.1 x 1.15 = 1.265,
    // capped to 1.25: 9.108 -> 9; ceil(9/6) = 2
    name: "a 3-bedroom house, deep, heavy, high areas and urgent: features capped",
    input: home("house", 3, 2, { level: "deep", dirt: "heavy", highAreas: true, urgent: true }),
    hours: 9,
    cleaners: 2,
    totalCents: 45_000,
  },
  {
    // 4.6 x 1.1 = 5.06; features 1.1 high x 1.15 urgent x 1.1 eco x 1.1 stairs = 1.53065,
    // capped to 1.25: 6.325 -> 6.5; ceil(6.5/6) = 2
    name: "high areas, urgent, eco-friendly and stairs together are capped at 1.25",
    input: home("house", 3, 2, { floors: 2, highAreas: true, urgent: true, eco: true }),
    hours: 6.5,
    cleaners: 2,
    totalCents: 32_500,
  },
  {
    // 4.6 x (1.1 high x 1.1 stairs = 1.21, under the cap) = 5.566 -> 5.5
    name: "two features under the cap multiply in full",
    input: home("apartment", 3, 2, { floors: 2, highAreas: true }),
    hours: 5.5,
    cleaners: 1,
    totalCents: 27_500,
  },
  {
    // 2.4 + 1 + 1.8 = 5.2; x 1.2 deep = 6.24, just below 6.25 -> 6; ceil(6/6) = 1
    name: "6.24 hours, just below a quarter, rounds down to 6 hours and 1 cleaner",
    input: home("apartment", 4, 2, { level: "deep" }),
    hours: 6,
    cleaners: 1,
    totalCents: 30_000,
  },
  {
    // 4.6 x 1.3 premium = 5.98; x 1.2 heavy = 7.176; x 1.15 urgent = 8.2524, just above
    // 8.25 -> 8.5; ceil(8.5/6) = 2
    name: "8.2524 hours, just above a quarter, rounds up to 8.5",
    input: home("apartment", 3, 2, { level: "premium", dirt: "heavy", urgent: true }),
    hours: 8.5,
    cleaners: 2,
    totalCents: 42_500,
  },
  {
    // 3.6 + 1 + 1.8 = 6.4; x 1.1 house = 7.04; x 1.1 high = 7.744, just below 7.75 -> 7.5
    name: "7.744 hours, just below three quarters, rounds down to 7.5",
    input: home("house", 6, 2, { highAreas: true }),
    hours: 7.5,
    cleaners: 2,
    totalCents: 37_500,
  },
  {
    // 1.2 + 1.5 + 1.8 = 4.5; x 1.2 heavy = 5.4; x 1.25 (1.265 capped) = 6.75, a tie -> 7.
    // In binary the product is 6.749999999999999: rounded naively it would give 6.5.
    name: "exactly 6.75 hours is a tie and rounds up to 7, despite floating point",
    input: home("apartment", 2, 3, { dirt: "heavy", highAreas: true, urgent: true }),
    hours: 7,
    cleaners: 2,
    totalCents: 35_000,
  },
  {
    // 150 / 45 = 3.333...; x 1.2 office = 4 -> 4; ceil(4/6) = 1
    name: "a 150 m² office on one floor, basic: 4 hours",
    input: business("commercial-office", 150),
    hours: 4,
    cleaners: 1,
    totalCents: 20_000,
  },
  {
    // 159 / 45 x 1.2 = 4.24, below 4.25 -> 4
    name: "a 159 m² office: 4.24 hours rounds down to 4",
    input: business("commercial-office", 159),
    hours: 4,
    cleaners: 1,
    totalCents: 20_000,
  },
  {
    // 159.375 / 45 x 1.2 = 4.25 exactly, a tie -> 4.5
    name: "a 159.375 m² office: exactly 4.25 hours rounds up to 4.5",
    input: business("commercial-office", 159.375),
    hours: 4.5,
    cleaners: 1,
    totalCents: 22_500,
  },
  {
    // 300 / 45 = 6.667; x 1.2 office = 8; x 1.1 stairs = 8.8 -> 9; ceil(9/6) = 2
    name: "a 300 m² office over two floors adds stairs",
    input: business("commercial-office", 300, { floors: 2 }),
    hours: 9,
    cleaners: 2,
    totalCents: 45_000,
  },
  {
    // 600 / 45 = 13.333; x 1.5 warehouse = 20; x 1.2 deep = 24; ceil(24/6) = 4
    name: "a 600 m² warehouse, deep clean",
    input: business("commercial-warehouse", 600, { level: "deep" }),
    hours: 24,
    cleaners: 4,
    totalCents: 120_000,
  },
  {
    // 450 / 45 = 10; x 1.5 (industrial priced as a warehouse) = 15; x 1.2 heavy = 18; 3 cleaners
    name: "a 450 m² industrial space, heavy soiling, priced like a warehouse",
    input: business("commercial-industrial", 450, { dirt: "heavy" }),
    hours: 18,
    cleaners: 3,
    totalCents: 90_000,
  },
  {
    // 90 / 45 = 2; x 1.2 retail = 2.4; x 1.3 premium = 3.12; x 1.15 urgent = 3.588 -> 3.5
    name: "a 90 m² shop, premium and urgent",
    input: business("commercial-retail", 90, { level: "premium", urgent: true }),
    hours: 3.5,
    cleaners: 1,
    totalCents: 17_500,
  },
  {
    // 4.6 x 0.9 light = 4.14 -> 4 (light is in the table; the wizard offers normal and heavy)
    name: "light soiling lowers the time",
    input: home("apartment", 3, 2, { dirt: "light" }),
    hours: 4,
    cleaners: 1,
    totalCents: 20_000,
  },
  {
    // no floor area: the spec's fallback, 3 hours and 1 cleaner
    name: "a commercial space of 0 m² falls back to 3 hours and 1 cleaner",
    input: business("commercial-office", 0),
    hours: 3,
    cleaners: 1,
    totalCents: 15_000,
  },
  {
    // no bedrooms and no bathrooms: the spec's fallback
    name: "a home with no bedrooms and no bathrooms falls back to 3 hours and 1 cleaner",
    input: home("house", 0, 0),
    hours: 3,
    cleaners: 1,
    totalCents: 15_000,
  },
];

describe("the instant estimate (docs/product/public-site.md#business-constants-and-limits)", () => {
  for (const { name, input, hours, cleaners, totalCents } of WORKED_EXAMPLES) {
    test(name, () => {
      const result = estimate(input, RATE);
      expect({
        hours: result.hours,
        cleaners: result.cleaners,
        totalCents: result.totalCents,
      }).toEqual({ hours, cleaners, totalCents });
      expect(Number.isInteger(result.totalCents)).toBe(true);
    });
  }

  test("the explanation says what the time is based on and what raised it", () => {
    const result = estimate(WORKED_EXAMPLES[3]!.input, RATE);
    expect(result.explanation).toBe(
      "Based on 3 bedrooms, 2 bathrooms, a kitchen and a living area (4.6 base hours). " +
        "A house adds 10%; a deep clean adds 20%; heavy soiling adds 20%; " +
        "extra features (high areas, urgent service) add 25% (capped). " +
        "Estimated 9 hours with 2 cleaners (about 4.5 hours on site) at $50 per cleaner-hour.",
    );
  });

  test("the explanation names a factor that lowered the time, and a single feature", () => {
    const result = estimate(home("apartment", 3, 2, { dirt: "light", eco: true }), RATE);
    // 4.6 x 0.9 x 1.1 = 4.554 -> 4.5
    expect(result.hours).toBe(4.5);
    expect(result.explanation).toContain(
      "Light soiling takes 10% off; eco-friendly products add 10%.",
    );
  });

  test("the explanation of a commercial estimate gives the floor area and the rule", () => {
    expect(estimate(business("commercial-office", 150), RATE).explanation).toBe(
      "Based on 150 m² of floor area at 45 m² an hour (3.33 base hours). An office adds 20%. " +
        "Estimated 4 hours with 1 cleaner at $50 per cleaner-hour.",
    );
  });

  test("an estimate raised to the minimum says so; one that rounds to 3 does not need to", () => {
    expect(estimate(home("apartment", 0, 1), RATE).explanation).toContain(
      "Estimated 3 hours (our minimum) with 1 cleaner at $50 per cleaner-hour.",
    );
    expect(estimate(home("apartment", 1, 1), RATE).explanation).toBe(
      "Based on 1 bedroom, 1 bathroom, a kitchen and a living area (2.9 base hours). " +
        "Estimated 3 hours with 1 cleaner at $50 per cleaner-hour.",
    );
  });

  test("a fallback is flagged, has no factors, and its explanation says why", () => {
    const noArea = estimate(business("commercial-warehouse", 0), RATE);
    expect(noArea).toMatchObject({ fallback: true, factors: [], baseHours: 0 });
    expect(noArea.explanation).toBe(
      "We could not estimate the time from the details given: no floor area was entered. " +
        "We have allowed our minimum of 3 hours with 1 cleaner at $50 per cleaner-hour, " +
        "and our team will confirm the time with you.",
    );
    expect(estimate(home("apartment", 0, 0), RATE).explanation).toContain(
      "no bedrooms or bathrooms were entered",
    );
  });

  test("the factors are applied in order, and base hours times their product gives the time", () => {
    const result = estimate(WORKED_EXAMPLES[2]!.input, RATE);
    expect(result.factors).toEqual([
      { label: "House", multiplier: 1.1 },
      { label: "Deep Clean", multiplier: 1.2 },
      { label: "Heavy soiling", multiplier: 1.2 },
      { label: "Stairs", multiplier: 1.1 },
    ]);
    const raw = result.factors.reduce((hours, f) => hours * f.multiplier, result.baseHours);
    expect(roundToHalfHour(raw)).toBe(result.hours);
  });

  test("a different hourly rate ($65) changes only the total", () => {
    const at50 = estimate(WORKED_EXAMPLES[2]!.input, 5000);
    const at65 = estimate(WORKED_EXAMPLES[2]!.input, 6500);
    // 11 hours x $65 = $715
    expect(at65.totalCents).toBe(71_500);
    expect(at65.hourlyRateCents).toBe(6500);
    const { totalCents: _a, hourlyRateCents: _b, explanation: text50, ...rest50 } = at50;
    const { totalCents: _c, hourlyRateCents: _d, explanation: text65, ...rest65 } = at65;
    expect(rest65).toEqual(rest50);
    expect(text65).toBe(text50.replace("$50 per cleaner-hour", "$65 per cleaner-hour"));
  });

  test("an odd rate still gives integer cents, half a cent rounding up", () => {
    // 3.5 hours x 4999 cents = 17,496.5 -> 17,497
    const result = estimate(
      business("commercial-retail", 90, { level: "premium", urgent: true }),
      4999,
    );
    expect(result.totalCents).toBe(17_497);
    expect(result.explanation).toContain("at $49.99 per cleaner-hour");
  });

  test("a rate that is not a positive whole number of cents is refused", () => {
    expect(() => estimate(home("house", 2, 1), 50.5)).toThrow(RangeError);
    expect(() => estimate(home("house", 2, 1), 0)).toThrow(RangeError);
  });

  test("a parsed wizard payload can be estimated as it is", () => {
    const request = QuoteRequestSchema.parse({
      serviceType: "residential",
      spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2 },
      cleaningLevel: "deep",
      preferences: { timePreference: "morning" },
      conditions: { dirtLevel: "heavy", hasHighAreas: true, urgentService: true },
      photosWaived: true,
      leadInfo: { name: "Ava Chen", email: "ava@example.com", phone: "0412 345 678" },
    });
    expect(estimate(request, RATE).hours).toBe(9);
  });
});

describe("rounding and cleaners (docs/product/public-site.md#business-constants-and-limits)", () => {
  test.each([
    [3.24, 3],
    [3.25, 3.5],
    [3.26, 3.5],
    [3.74, 3.5],
    [3.75, 4],
    [6.749999999999999, 7],
  ])("%f hours round to %f", (raw, rounded) => {
    expect(roundToHalfHour(raw)).toBe(rounded);
  });

  test.each([
    [3, 1],
    [6, 1],
    [6.5, 2],
    [12, 2],
    [12.5, 3],
  ])("%f hours need %i cleaner(s)", (hours, cleaners) => {
    expect(cleanersFor(hours)).toBe(cleaners);
  });
});
