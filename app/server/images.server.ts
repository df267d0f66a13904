import { createHash } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { mediaUrl, widthsFor } from "~/lib/images";
import type { Database } from "./database";
import { findImageByKey, insertImage } from "./images.repository.server";
import { storageFor, type ObjectStorage, type StorageConfig } from "./storage.server";

// The image store (docs/architecture.md#the-stack-and-why, images): a photo is decoded once, turned upright, stripped of
// its metadata (EXIF carries GPS, docs/decisions/0010-photo-uploads.md) and written as AVIF and WebP variants at the widths of
// app/lib/images.ts, under media/{key}/ in the object storage (the data folder, or the S3 bucket:
// docs/decisions/0036-object-storage.md). The key is a hash of the file's bytes, so importing the
// same photo again finds its variants stored and does no work.

/**
 * The photo formats every upload form names (JPEG, PNG, WebP, HEIC; sharp calls HEIC and AVIF
 * "heif"); anything else (GIF, TIFF, SVG, PDF, RAW) is refused.
 */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

// Part of the key: raising it when the encoding settings or the variant widths change makes
// every image a new key, so variants made the old way are never mistaken for current ones.
const PIPELINE_VERSION = "v1";

// Measured on the 2-core build machine with the 14 demo photos: AVIF effort 2 encodes about a
// third faster than effort 3 and its files were no larger at quality 55.
const AVIF = { quality: 55, effort: 2 } as const;
const WEBP = { quality: 72 } as const;
const FORMATS = ["avif", "webp"] as const;

export type ImageFormat = (typeof FORMATS)[number];

export type ImportedImage = { key: string; width: number; height: number; widths: number[] };

export type ImageMeta = { originalName: string; credit?: string | null };

export class NotAnImageError extends Error {
  override name = "NotAnImageError";
  constructor() {
    super("The file is not an image we can use (JPEG, PNG, WebP or HEIC).");
  }
}

type MediaConfig = StorageConfig;

/** One variant's object key: its URL's path (media.server.ts serves the URL from that key). */
export function variantObjectKey(key: string, width: number, format: ImageFormat) {
  return mediaUrl(key, width, format).slice(1);
}

/** Where the local backend keeps one variant (tests look at the file itself). */
export function variantPath(
  config: Pick<MediaConfig, "dataDir">,
  key: string,
  width: number,
  format: ImageFormat,
) {
  return path.join(config.dataDir, ...variantObjectKey(key, width, format).split("/"));
}

export function imageKey(input: Buffer) {
  return createHash("sha256").update(PIPELINE_VERSION).update(input).digest("hex").slice(0, 32);
}

/** Stores an image once and returns its key and the widths its variants exist at. */
export async function importImage(
  db: Kysely<Database>,
  config: MediaConfig,
  input: Buffer,
  meta: ImageMeta,
): Promise<ImportedImage> {
  const key = imageKey(input);
  const known = await findImageByKey(db, key);
  const size = known ? { width: known.width, height: known.height } : await uprightSize(input);
  const widths = known?.widths ?? widthsFor(size.width);

  const storage = await storageFor(config);
  if (!(await variantsComplete(storage, key, widths))) {
    await writeVariants(storage, key, input, widths);
  }

  if (!known) {
    await insertImage(db, {
      key,
      width: size.width,
      height: size.height,
      widths,
      bytes: input.length,
      originalName: meta.originalName,
      credit: meta.credit ?? null,
      createdAt: new Date().toISOString(),
    });
  }
  return { key, ...size, widths };
}

/**
 * Decoding limit for every image imported here (50 megapixels: a full-frame camera's photo), so
 * a small file that claims a huge size is refused before its pixels are allocated, whoever calls.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/** Reads the header only: the content check, and the size once EXIF orientation is applied. */
async function uprightSize(input: Buffer) {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new NotAnImageError();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.autoOrient) {
    throw new NotAnImageError();
  }
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

async function variantsComplete(storage: ObjectStorage, key: string, widths: number[]) {
  const found = await Promise.all(
    widths.flatMap((width) =>
      FORMATS.map((format) => storage.stat(variantObjectKey(key, width, format))),
    ),
  );
  return found.every(Boolean);
}

async function writeVariants(storage: ObjectStorage, key: string, input: Buffer, widths: number[]) {
  // Decode once, upright and no wider than the largest variant, then encode every variant from
  // those pixels; raw pixels carry no metadata, so nothing of the original's EXIF survives.
  const largest = Math.max(...widths);
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new NotAnImageError();
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };

  await Promise.all(
    widths.flatMap((width) =>
      FORMATS.map(async (format) => {
        const resized = sharp(data, { raw }).resize({ width });
        const encoded =
          format === "avif"
            ? await resized.avif(AVIF).toBuffer()
            : await resized.webp(WEBP).toBuffer();
        // Each backend writes whole objects only, so a crash halfway never leaves a truncated
        // variant that the completeness check would accept.
        await storage.put(variantObjectKey(key, width, format), encoded, `image/${format}`);
      }),
    ),
  );
}
