import { describe, expect, test } from "vitest";
import { normaliseSuburbQuery, titleCaseSuburb } from "./suburb-name";

describe("suburb names", () => {
  test("capitals from the official list read as a suburb is written", () => {
    expect(titleCaseSuburb("ABBOTSBURY")).toBe("Abbotsbury");
    expect(titleCaseSuburb("BRIGHTON-LE-SANDS")).toBe("Brighton-Le-Sands");
    expect(titleCaseSuburb("MCMAHONS POINT")).toBe("McMahons Point");
    expect(titleCaseSuburb("O'CONNELL")).toBe("O'Connell");
    expect(titleCaseSuburb("  st   ives chase ")).toBe("St Ives Chase");
  });

  test("a query keeps letters, digits and name punctuation and loses SQL wildcards", () => {
    expect(normaliseSuburbQuery("  Bondi  JUNCTION ")).toBe("bondi junction");
    expect(normaliseSuburbQuery("b%o_n")).toBe("bon");
    expect(normaliseSuburbQuery("O'Connell")).toBe("o'connell");
    expect(normaliseSuburbQuery("%_")).toBe("");
  });
});
