import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { widthsFor } from "~/lib/images";
import type { AppConfig } from "./config.server";
import type { Database } from "./database";
import { findImageByKey, insertImage } from "./images.repository.server";

// The image store (ARCHITECTURE "Images"): a photo is decoded once, turned upright, stripped of
// its metadata (EXIF carries GPS, docs/decisions/0010-photo-uploads.md) and written as AVIF and WebP variants at the widths of
// app/lib/images.ts, under media/{key}/ in the data folder. The key is a hash of the file's
// bytes, so importing the same photo again finds its variants on disk and does no work.

/** Formats a browser or camera produces; anything else (SVG, PDF, RAW) is refused. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

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
    super("The file is not an image we can use (JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF).");
  }
}

type MediaConfig = Pick<AppConfig, "dataDir">;

export function mediaRoot(config: MediaConfig) {
  return path.join(config.dataDir, "media");
}

/** Where one variant lives on disk; the media route serves it as /media/{key}/{width}.{format}. */
export function variantPath(config: MediaConfig, key: string, width: number, format: ImageFormat) {
  return path.join(mediaRoot(config), key, `${width}.${format}`);
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

  if (!variantsComplete(config, key, widths)) await writeVariants(config, key, input, widths);

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

/** Reads the header only: the content check, and the size once EXIF orientation is applied. */
async function uprightSize(input: Buffer) {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new NotAnImageError();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.autoOrient) {
    throw new NotAnImageError();
  }
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

function variantsComplete(config: MediaConfig, key: string, widths: number[]) {
  return widths.every((width) =>
    FORMATS.every((format) => existsSync(variantPath(config, key, width, format))),
  );
}

async function writeVariants(config: MediaConfig, key: string, input: Buffer, widths: number[]) {
  // Decode once, upright and no wider than the largest variant, then encode every variant from
  // those pixels; raw pixels carry no metadata, so nothing of the original's EXIF survives.
  const largest = Math.max(...widths);
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(input)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new NotAnImageError();
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };

  await mkdir(path.join(mediaRoot(config), key), { recursive: true });
  await Promise.all(
    widths.flatMap((width) =>
      FORMATS.map(async (format) => {
        const resized = sharp(data, { raw }).resize({ width });
        const encoded =
          format === "avif"
            ? await resized.avif(AVIF).toBuffer()
            : await resized.webp(WEBP).toBuffer();
        await writeAtomically(variantPath(config, key, width, format), encoded);
      }),
    ),
  );
}

// A crash halfway through must not leave a truncated file that the completeness check accepts.
async function writeAtomically(file: string, content: Buffer) {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
