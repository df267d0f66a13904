import sharp from "sharp";

// docs/decisions/0056-application-outcomes-and-documents.md: a document staff attach to an
// application (a police check certificate, ID, right to work) is a PDF, JPEG or PNG, judged by
// what its bytes say, never by its name or declared type. Unlike a photo it is kept exactly as
// uploaded (a copy of an identity paper must stay faithful), so it is checked more closely: a PDF
// must open and close as one, and an image's header must decode as the type its first bytes name.

export type DocumentType = "pdf" | "jpeg" | "png";

export const DOCUMENT_MIME: Record<DocumentType, "application/pdf" | "image/jpeg" | "image/png"> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
};

export const DOCUMENT_EXTENSION: Record<DocumentType, string> = {
  pdf: "pdf",
  jpeg: "jpg",
  png: "png",
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Decoding limit for the header check, as for photos. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The type the file's first bytes announce, or null when they announce none we take. */
export function sniffDocumentType(bytes: Buffer): DocumentType | null {
  if (bytes.length < 8) return null;
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  return null;
}

/**
 * The document's type when its whole content agrees with its first bytes, else null: a PDF ends
 * with its end-of-file marker (within the last kilobyte, where writers put it), and an image's
 * header decodes as that format.
 */
export async function checkDocumentContent(bytes: Buffer): Promise<DocumentType | null> {
  const type = sniffDocumentType(bytes);
  if (type === "pdf") {
    return bytes.subarray(Math.max(0, bytes.length - 1024)).includes("%%EOF") ? "pdf" : null;
  }
  if (!type) return null;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return metadata.format === type && (metadata.width ?? 0) > 0 ? type : null;
  } catch {
    return null;
  }
}
