import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { sniffImageType } from "./upload-content.server";
import { UPLOAD_MESSAGES } from "./upload-messages";
import {
  cleanUnclaimedUploads,
  readUpload,
  storeQuotePhoto,
  uploadsDir,
} from "./uploads.service.server";

/** A JPEG as a phone writes it: the owner's name and the GPS position of the home in its EXIF. */
function phonePhoto(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: "#b08d57" } })
    .withExif({
      IFD0: { Artist: "Olivia Homeowner", Make: "PhoneCo" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 53/1 0/1", GPSLongitudeRef: "E" },
    })
    .jpeg()
    .toBuffer();
}

describe("recognising a photo by its bytes", () => {
  test("JPEG, PNG, WebP and HEIC signatures are recognised; GIFs, text and PDFs are not", async () => {
    const solid = sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } });
    expect(sniffImageType(await solid.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await solid.clone().png().toBuffer())).toBe("png");
    expect(sniffImageType(await solid.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await solid.clone().gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from("\0\0\0\x18ftypheic\0\0\0\0", "latin1"))).toBe("heif");
    expect(sniffImageType(Buffer.from("%PDF-1.7 a document"))).toBeNull();
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(Buffer.alloc(3))).toBeNull();
  });
});

describe.each(testDialects)("quote photo uploads on %s", (dialect) => {
  let database: TestDatabase;
  let config: { dataDir: string };
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    config = { dataDir: mkdtempSync(path.join(os.tmpdir(), "hg-uploads-")) };
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  test("a phone photo is stored as a fresh WebP without its EXIF, and served back", async () => {
    const input = await phonePhoto();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const result = await storeQuotePhoto(database.db, config, { bytes: input });
    if (!result.ok) throw new Error(result.message);
    expect(result.upload).toMatchObject({ width: 800, height: 600 });
    expect(result.upload.url).toBe(`/api/uploads/${result.upload.id}`);

    const served = await readUpload(database.db, config, result.upload.id);
    expect(served?.mime).toBe("image/webp");
    const bytes = Buffer.from(await new Response(served!.body).arrayBuffer());
    expect(bytes.length).toBe(served!.size);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from("Olivia Homeowner"))).toBe(false);

    const row = await database.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", result.upload.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: "quote_photo",
      mime: "image/webp",
      width: 800,
      height: 600,
      bytes: bytes.length,
      quote_id: null,
      claimed_at: null,
    });
  });

  test("a large photo is stored no larger than 2048 px", async () => {
    const result = await storeQuotePhoto(database.db, config, {
      bytes: await phonePhoto(3000, 1500),
    });
    expect(result).toMatchObject({ ok: true, upload: { width: 2048, height: 1024 } });
  });

  test("a text file named .jpg, a PDF, an SVG, a GIF and a truncated JPEG are refused; nothing is stored", async () => {
    const jpeg = await phonePhoto();
    const disguised = [
      // The message names JPEG, PNG, WebP and HEIC: a GIF is not taken either.
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
        .gif()
        .toBuffer(),
      Buffer.from("this is not a photo, whatever its name says (holiday.jpg)"),
      Buffer.from("%PDF-1.7\n1 0 obj << >> endobj"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      jpeg.subarray(0, 40),
      // a PNG signature in front of a JPEG body
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]),
    ];
    for (const bytes of disguised) {
      const result = await storeQuotePhoto(database.db, config, { bytes });
      expect(result).toEqual({
        ok: false,
        kind: "unsupported",
        message: UPLOAD_MESSAGES.notAPhoto,
      });
    }
    expect(await database.db.selectFrom("uploads").select("id").execute()).toEqual([]);
    expect(existsSync(uploadsDir(config)) ? readdirSync(uploadsDir(config)) : []).toEqual([]);
  });

  test("an empty or oversized file is refused before decoding", async () => {
    expect(await storeQuotePhoto(database.db, config, null)).toMatchObject({ kind: "invalid" });
    const huge = Buffer.concat([await phonePhoto(), Buffer.alloc(10 * 1024 * 1024)]);
    expect(await storeQuotePhoto(database.db, config, { bytes: huge })).toMatchObject({
      kind: "too_large",
      message: UPLOAD_MESSAGES.tooLarge,
    });
  });

  test("unknown ids, and ids that are not ids, serve nothing", async () => {
    expect(await readUpload(database.db, config, crypto.randomUUID())).toBeNull();
    expect(await readUpload(database.db, config, "../../secrets.json")).toBeNull();
  });

  test("uploads nobody claimed within a day are removed, rows and files; claimed ones stay", async () => {
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 25 * 60 * 60 * 1000);
    const store = async () => {
      const result = await storeQuotePhoto(database.db, config, { bytes: await phonePhoto() }, now);
      if (!result.ok) throw new Error(result.message);
      return result;
    };
    const [stale, claimed, fresh] = [await store(), await store(), await store()];
    const backdate = { created_at: dayAgo.toISOString() };
    const ids = [stale.upload.id, claimed.upload.id];
    await database.db.updateTable("uploads").set(backdate).where("id", "in", ids).execute();
    await database.db
      .updateTable("uploads")
      .set({ claimed_at: now.toISOString() })
      .where("id", "=", claimed.upload.id)
      .execute();

    expect(await cleanUnclaimedUploads(database.db, config, now)).toBe(1);

    const left = await database.db.selectFrom("uploads").select("id").orderBy("id").execute();
    expect(left.map((r) => r.id).sort()).toEqual([claimed.upload.id, fresh.upload.id].sort());
    expect(await readUpload(database.db, config, stale.upload.id)).toBeNull();
    expect(readdirSync(uploadsDir(config))).toHaveLength(2);
  });
});
