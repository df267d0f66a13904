import { mkdtempSync, rmSync, statSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../tests/helpers/test-database";
import { importImage, NotAnImageError, variantPath } from "./images.server";

function photo(width: number, height: number, orientation?: number) {
  const image = sharp({ create: { width, height, channels: 3, background: "#b08d57" } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

describe.each(testDialects)("image store on %s", (dialect) => {
  let database: TestDatabase;
  let config: { dataDir: string };
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    config = { dataDir: mkdtempSync(path.join(os.tmpdir(), "hg-media-")) };
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  test("a photo becomes AVIF and WebP variants at each standard width up to its own", async () => {
    const image = await importImage(database.db, config, await photo(1000, 600), {
      originalName: "lounge.jpg",
      credit: "Photo by A. Tester",
    });

    expect(image.widths).toEqual([480, 768]);
    expect({ width: image.width, height: image.height }).toEqual({ width: 1000, height: 600 });
    for (const width of image.widths) {
      for (const format of ["avif", "webp"] as const) {
        const variant = await sharp(variantPath(config, image.key, width, format)).metadata();
        expect(variant.format).toBe(format === "avif" ? "heif" : "webp");
        expect(variant.width).toBe(width);
        expect(variant.height).toBe(Math.round((width * 600) / 1000));
      }
    }
    const row = await database.db
      .selectFrom("images")
      .selectAll()
      .where("key", "=", image.key)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.widths)).toEqual([480, 768]);
    expect(row.credit).toBe("Photo by A. Tester");
    expect(row.original_name).toBe("lounge.jpg");
  });

  test("an image narrower than the smallest width keeps its own width", async () => {
    const image = await importImage(database.db, config, await photo(320, 200), {
      originalName: "small.png",
    });
    expect(image.widths).toEqual([320]);
    expect(statSync(variantPath(config, image.key, 320, "webp")).size).toBeGreaterThan(0);
  });

  test("a phone photo taken sideways is stored upright and without its EXIF", async () => {
    // Orientation 6: the pixels are stored landscape and the camera says to turn them a quarter.
    const image = await importImage(database.db, config, await photo(600, 400, 6), {
      originalName: "sideways.jpg",
    });
    expect({ width: image.width, height: image.height }).toEqual({ width: 400, height: 600 });
    const variant = await sharp(variantPath(config, image.key, 400, "webp")).metadata();
    expect({ width: variant.width, height: variant.height }).toEqual({ width: 400, height: 600 });
    expect(variant.exif).toBeUndefined();
    expect(variant.orientation).toBeUndefined();
  });

  test("a file that is not an image is refused and nothing is stored", async () => {
    const notAnImage = Buffer.from("%PDF-1.7 this is a document, not a photo");
    await expect(
      importImage(database.db, config, notAnImage, { originalName: "cv.pdf" }),
    ).rejects.toBeInstanceOf(NotAnImageError);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>',
    );
    await expect(
      importImage(database.db, config, svg, { originalName: "drawing.svg" }),
    ).rejects.toBeInstanceOf(NotAnImageError);

    // A GIF decodes, but it is not one of the photo formats the forms name.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    await expect(
      importImage(database.db, config, gif, { originalName: "dance.gif" }),
    ).rejects.toThrow("JPEG, PNG, WebP or HEIC");

    const rows = await database.db.selectFrom("images").select("key").execute();
    expect(rows).toEqual([]);
  });

  test("an image that claims more than 50 megapixels is refused before it is decoded", async () => {
    // 8,000 x 7,000 of one grey compresses to a small file that would decode to 56 MB a channel.
    const huge = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: "#888" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(1_000_000);
    await expect(
      importImage(database.db, config, huge, { originalName: "bomb.png" }),
    ).rejects.toBeInstanceOf(NotAnImageError);
    const rows = await database.db.selectFrom("images").select("key").execute();
    expect(rows).toEqual([]);
  });

  test("importing the same photo again reuses its variants and its row", async () => {
    const input = await photo(900, 900);
    const first = await importImage(database.db, config, input, { originalName: "a.jpg" });
    const written = statSync(variantPath(config, first.key, 768, "avif")).mtimeMs;

    const second = await importImage(database.db, config, input, { originalName: "copy.jpg" });

    expect(second).toEqual(first);
    expect(statSync(variantPath(config, first.key, 768, "avif")).mtimeMs).toBe(written);
    const rows = await database.db.selectFrom("images").select(["key", "original_name"]).execute();
    expect(rows).toEqual([{ key: first.key, original_name: "a.jpg" }]);
  });

  test("a variant missing from disk is written again", async () => {
    const input = await photo(800, 500);
    const image = await importImage(database.db, config, input, { originalName: "a.jpg" });
    unlinkSync(variantPath(config, image.key, 480, "webp"));

    await importImage(database.db, config, input, { originalName: "a.jpg" });

    expect(statSync(variantPath(config, image.key, 480, "webp")).size).toBeGreaterThan(0);
  });
});
