import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import { SHARE_IMAGE } from "./share-image";
import { renderShareImage } from "./share-image.server";
import { woffToSfnt } from "./woff.server";

const require = createRequire(import.meta.url);

describe("the Open Graph share image", () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-share-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("is a 1200x630 PNG on the ink background when no hero photo is uploaded", async () => {
    const png = await renderShareImage(database.db, { dataDir }, "Harbour & Gold");
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(SHARE_IMAGE).toMatchObject({ width: 1200, height: 630, path: "/og-image.png" });
    // The corner is the ink backdrop under the overlay; the centre carries the ivory name.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      [...data.subarray((y * info.width + x) * info.channels)].slice(0, 3);
    pixel(5, 5).forEach((value, i) => expect(value).toBeCloseTo([16, 24, 40][i]!, -1));
    const stats = await sharp(png)
      .extract({ left: 200, top: 200, width: 800, height: 120 })
      .stats();
    expect(stats.channels[0]!.max).toBeGreaterThan(200);
  });
});

describe("woffToSfnt", () => {
  test("unwraps a Fontsource WOFF into a TrueType file with the same tables", () => {
    const woff = readFileSync(
      require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
    );
    const sfnt = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    // WOFF records the unwrapped size in its header.
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
    const tags = Array.from({ length: numTables }, (_, i) =>
      sfnt.subarray(12 + i * 16, 16 + i * 16).toString("latin1"),
    );
    expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "hhea", "name"]));
  });

  test("refuses a file that is not WOFF", () => {
    expect(() => woffToSfnt(Buffer.from("not a font at all, not at all"))).toThrow("not a WOFF");
  });
});
