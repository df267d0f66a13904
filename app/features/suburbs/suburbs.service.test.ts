import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { nswSuburbsCsv } from "../../../tests/helpers/committed-assets";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { ensureSuburbs, searchSuburbs } from "./suburbs.service.server";

const names = (suburbs: { name: string }[]) => suburbs.map((s) => s.name);

describe.each(testDialects)("suburbs on %s", (dialect) => {
  let database: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dir = mkdtempSync(path.join(os.tmpdir(), "hg-suburbs-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test("an empty table is filled from the committed NSW list once", async () => {
    const first = await ensureSuburbs(database.db, { suburbsCsv: nswSuburbsCsv });
    expect(first).toEqual({ inserted: 4586 });

    const second = await ensureSuburbs(database.db, { suburbsCsv: nswSuburbsCsv });
    expect(second).toEqual({ inserted: 0 });
    const [mosman] = await searchSuburbs(database.db, "Mosman");
    expect(mosman).toMatchObject({ name: "Mosman", postcode: "2088", state: "NSW" });
    expect(mosman!.inGreaterSydney).toBe(true);
    expect(mosman!.lat).toBeCloseTo(-33.83, 1);
  });

  test("a CSV is title-cased, rows without a postcode are skipped, missing points stay empty", async () => {
    const file = path.join(dir, "suburbs.csv");
    writeFileSync(
      file,
      [
        '"suburb","postcode","poa_lat","poa_lng","poa_in_greater_sydney"',
        '"MCMAHONS POINT","2060",-33.84,151.2,TRUE',
        '"BRIGHTON-LE-SANDS","2216",-33.95,151.15,TRUE',
        '"KU-RING-GAI CHASE","",,,',
        '"LORD HOWE ISLAND","2898",,,FALSE',
      ].join("\n"),
    );

    expect(await ensureSuburbs(database.db, { suburbsCsv: file })).toEqual({ inserted: 3 });
    const rows = await database.db
      .selectFrom("suburbs")
      .select(["name", "postcode", "lat", "lng", "in_greater_sydney"])
      .orderBy("postcode")
      .execute();
    expect(rows).toEqual([
      { name: "McMahons Point", postcode: "2060", lat: -33.84, lng: 151.2, in_greater_sydney: 1 },
      {
        name: "Brighton-Le-Sands",
        postcode: "2216",
        lat: -33.95,
        lng: 151.15,
        in_greater_sydney: 1,
      },
      { name: "Lord Howe Island", postcode: "2898", lat: null, lng: null, in_greater_sydney: 0 },
    ]);
  });

  test("a suburbs list that cannot be read stops the start with its path", async () => {
    const missing = path.join(dir, "nope.csv");
    await expect(ensureSuburbs(database.db, { suburbsCsv: missing })).rejects.toThrow(missing);
  });

  describe("searching the full NSW list", () => {
    beforeEach(async () => {
      await ensureSuburbs(database.db, { suburbsCsv: nswSuburbsCsv });
    });

    test("the whole file loads, every row with a postcode", async () => {
      const { count } = await database.db
        .selectFrom("suburbs")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(4586);
    });

    test("a name prefix finds suburbs whatever the case, Greater Sydney first", async () => {
      const found = await searchSuburbs(database.db, "BONDI", 10);
      // Bondi Forest is near Bombala, far from the harbour: it comes after Sydney's three.
      expect(names(found)).toEqual(["Bondi", "Bondi Beach", "Bondi Junction", "Bondi Forest"]);

      const ba = await searchSuburbs(database.db, "ba", 50);
      const firstOutside = ba.findIndex((s) => !s.inGreaterSydney);
      expect(firstOutside).toBeGreaterThan(0);
      expect(ba.slice(firstOutside).every((s) => !s.inGreaterSydney)).toBe(true);
      expect(names(ba.slice(0, 3))).toEqual(["Badgerys Creek", "Balgowlah", "Balgowlah Heights"]);
    });

    test("digits search postcodes in order", async () => {
      const found = await searchSuburbs(database.db, "2026");
      expect(names(found)).toEqual(["Bondi", "Bondi Beach", "North Bondi", "Tamarama"]);
      const city = await searchSuburbs(database.db, "20", 3);
      expect(city.map((s) => s.postcode)).toEqual(["2000", "2000", "2000"]);
      expect(await searchSuburbs(database.db, "20260")).toEqual([]);
    });

    test("the limit holds, and wildcards or an empty query match nothing", async () => {
      expect(await searchSuburbs(database.db, "s", 5)).toHaveLength(5);
      expect(await searchSuburbs(database.db, "%")).toEqual([]);
      expect(await searchSuburbs(database.db, "   ")).toEqual([]);
      expect(names(await searchSuburbs(database.db, "b_ndi"))).toEqual([]);
    });
  });
});
