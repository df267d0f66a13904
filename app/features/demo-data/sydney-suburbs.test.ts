import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { SYDNEY_SUBURBS } from "./sydney-suburbs";
import { nswSuburbsCsv } from "../../../tests/helpers/committed-assets";

type Row = { suburb: string; postcode: string; poa_lat: string; poa_lng: string };

describe("the demo data's Greater Sydney suburbs", () => {
  const official = new Map(
    (parse(readFileSync(nswSuburbsCsv, "utf8"), { columns: true }) as Row[]).map((row) => [
      `${row.suburb.toUpperCase()}|${row.postcode}`,
      row,
    ]),
  );

  test("covers at least 150 suburbs, each listed once", () => {
    expect(SYDNEY_SUBURBS.length).toBeGreaterThanOrEqual(150);
    const keys = SYDNEY_SUBURBS.map(([name, postcode]) => `${name}|${postcode}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("every suburb has its official name and postcode", () => {
    const unknown = SYDNEY_SUBURBS.filter(
      ([name, postcode]) => !official.has(`${name.toUpperCase()}|${postcode}`),
    );
    expect(unknown).toEqual([]);
  });

  test("every suburb sits near its postcode area, inside Greater Sydney", () => {
    // Postcode areas of the outer suburbs are large (2756 reaches Wisemans Ferry), so the bound
    // is loose: it catches a mistyped degree or a swapped latitude, not a few streets.
    const far = SYDNEY_SUBURBS.filter(([name, postcode, lat, lng]) => {
      const row = official.get(`${name.toUpperCase()}|${postcode}`)!;
      const km = Math.hypot((lat - Number(row.poa_lat)) * 111, (lng - Number(row.poa_lng)) * 92);
      return km > 40;
    });
    expect(far).toEqual([]);
    for (const [, , lat, lng] of SYDNEY_SUBURBS) {
      expect(lat).toBeGreaterThan(-34.4);
      expect(lat).toBeLessThan(-33.2);
      expect(lng).toBeGreaterThan(150.2);
      expect(lng).toBeLessThan(151.6);
    }
  });
});
