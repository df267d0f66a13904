import sharp from "sharp";

// docs/decisions/0010-photo-uploads.md: a visitor's photo is checked by what its bytes say, never by its name or declared type,
// then decoded and encoded afresh. The new file is built from pixels only, so EXIF (GPS, camera,
// owner) never reaches our disk.

// The formats a phone or camera saves a photo in, as every upload form lists them: JPEG, PNG,
// WebP and HEIC (with AVIF, its HEIF sibling). A GIF is an animation, not a photo: refused.
export type SniffedType = "jpeg" | "png" | "webp" | "heif";

/** Largest photo we accept, before re-encoding: a modern phone's JPEG is 3 to 6 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoding limit, so a small file that claims to be 50,000 px square cannot exhaust memory. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The stored photo is enough for staff to judge a room, and no larger. */
const MAX_STORED_EDGE = 2048;
const WEBP = { quality: 80 } as const;

const ascii = (buffer: Buffer, start: number, end: number) =>
  buffer.subarray(start, end).toString("latin1");

// HEIF brands phones write (HEIC, HEIF) and AVIF's, at offset 8 of an ISO-BMFF "ftyp" box.
const HEIF_BRANDS = new Set([
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "mif1",
  "msf1",
  "avif",
  "avis",
]);

/** The image type the file's first bytes announce, or null when they announce none we take. */
export function sniffImageType(buffer: Buffer): SniffedType | null {
  if (buffer.length < 12) return null;
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return "jpeg";
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (ascii(buffer, 0, 4) === "RIFF" && ascii(buffer, 8, 12) === "WEBP") return "webp";
  if (ascii(buffer, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(buffer, 8, 12))) return "heif";
  return null;
}

export class UnusablePhotoError extends Error {
  override name = "UnusablePhotoError";
}

export type EncodedPhoto = { data: Buffer; width: number; height: number; mime: "image/webp" };

/**
 * Checks the bytes, then decodes (upright, no larger than 2048 px) and writes a fresh WebP.
 * Throws UnusablePhotoError when the bytes are not an image we take or do not decode.
 */
export async function reencodePhoto(input: Buffer): Promise<EncodedPhoto> {
  const sniffed = sniffImageType(input);
  if (!sniffed) throw new UnusablePhotoError("not an image");
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // The header must agree with the magic bytes: a PNG signature on a JPEG body is not a photo.
    if (metadata.format !== sniffed) throw new UnusablePhotoError("mismatched header");
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: false,
    })
      .autoOrient()
      .resize({
        width: MAX_STORED_EDGE,
        height: MAX_STORED_EDGE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, mime: "image/webp" };
  } catch (error) {
    if (error instanceof UnusablePhotoError) throw error;
    throw new UnusablePhotoError("does not decode");
  }
}
