import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createLogger } from "~/server/logger.server";
import { variantPath } from "~/server/images.server";
import { seedDemoData } from "./demo-seed.server";
import { HERO_SLIDES, PHOTO_CREDITS, ROOM_PHOTOS } from "./photo-credits";
import { demoPhotosDir } from "../../../tests/helpers/committed-assets";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";

describe("the committed demo photos (assets/demo-photos)", () => {
  const files = readdirSync(demoPhotosDir).filter((file) => file.endsWith(".jpg"));

  test("hold every photo the slides and room cards show, each a real JPEG with its credit", async () => {
    expect(files).toEqual(expect.arrayContaining([...HERO_SLIDES, ...Object.values(ROOM_PHOTOS)]));
    const licences = readFileSync(path.join(demoPhotosDir, "LICENSES.md"), "utf8");
    for (const file of files) {
      expect(PHOTO_CREDITS[file]?.credit, file).toBeTruthy();
      expect(licences, file).toContain(`| ${file}`);
      const { format, width = 0 } = await sharp(path.join(demoPhotosDir, file)).metadata();
      expect([file, format, width >= 1200]).toEqual([file, "jpeg", true]);
    }
  });
});

// The photo folder (DEMO_PHOTOS_DIR, overriding the committed one) is stood in for by small
// generated pictures with the committed files' names, so the test runs in a second rather than
// encoding the full-size photographs.

describe.each(testDialects)("demo seed with another photo folder on %s", (dialect) => {
  let database: TestDatabase;
  let root: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    root = mkdtempSync(path.join(os.tmpdir(), "hg-seed-photos-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  test("every photo of the folder enters the image store, and slides and rooms use them", async () => {
    const photos = path.join(root, "photos");
    mkdirSync(photos);
    const names = [...new Set([...HERO_SLIDES, ...Object.values(ROOM_PHOTOS)]), "extra.png"];
    for (const [index, name] of names.entries()) {
      const image = sharp({
        create: {
          width: 600 + index,
          height: 400,
          channels: 3,
          background: { r: index * 20, g: 90, b: 60 },
        },
      });
      writeFileSync(
        path.join(photos, name),
        await (name.endsWith(".png") ? image.png() : image.jpeg()).toBuffer(),
      );
    }
    writeFileSync(path.join(photos, "LICENSES.md"), "# not a photo");
    const config = {
      dataDir: path.join(root, "data"),
      dataEncryptionKey: randomBytes(32).toString("base64"),
      sessionSecret: randomBytes(32).toString("base64url"),
      demoPhotosDir: photos,
    };

    const summary = await seedDemoData(database.db, config, createLogger("silent"));

    expect(summary?.photosImported).toBe(names.length);
    const images = await database.db.selectFrom("images").selectAll().execute();
    expect(images).toHaveLength(names.length);
    const byName = new Map(images.map((image) => [image.original_name, image]));
    expect(byName.get("hero-01-penthouse-living-kitchen.jpg")?.credit).toBe(
      PHOTO_CREDITS["hero-01-penthouse-living-kitchen.jpg"]!.credit,
    );
    expect(byName.get("extra.png")?.credit).toBeNull();

    const slides = await database.db
      .selectFrom("background_images")
      .selectAll()
      .orderBy("sort_order")
      .execute();
    expect(slides.map((s) => s.image_key)).toEqual(HERO_SLIDES.map((f) => byName.get(f)!.key));
    for (const slide of slides) {
      expect([slide.source, slide.url]).toEqual(["upload", null]);
      expect(slide.width).toBe(byName.get(HERO_SLIDES[slide.sort_order - 1]!)!.width);
      expect(existsSync(variantPath(config, slide.image_key!, 480, "avif"))).toBe(true);
    }
    const rooms = await database.db.selectFrom("room_images").selectAll().execute();
    const kitchen = rooms.find((room) => room.room === "kitchen")!;
    // The kitchen card reuses the first hero photo: one image, stored once.
    expect(kitchen.image_key).toBe(slides[0]!.image_key);
    expect(rooms.every((room) => room.source === "upload")).toBe(true);
  });

  test("a folder that lacks a photo the slides or cards show stops the seed, naming it", async () => {
    const photos = path.join(root, "photos");
    mkdirSync(photos);
    const config = {
      dataDir: path.join(root, "data"),
      dataEncryptionKey: randomBytes(32).toString("base64"),
      sessionSecret: randomBytes(32).toString("base64url"),
      demoPhotosDir: photos,
    };
    await expect(seedDemoData(database.db, config, createLogger("silent"))).rejects.toThrow(
      `The demo photos folder ${photos} lacks hero-01-penthouse-living-kitchen.jpg`,
    );
    expect(await database.db.selectFrom("background_images").selectAll().execute()).toEqual([]);
  });
});
