import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { checkDocumentContent } from "./document-content.server";
import { checkDocumentFile } from "./uploads.service.server";
import { UPLOAD_MESSAGES } from "./upload-messages";

// docs/decisions/0056-application-outcomes-and-documents.md: a document is judged by its
// bytes (PDF, JPEG or PNG), never its name, and is kept as uploaded under a safe name.

const PDF = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n", "latin1");
const image = (format: "png" | "jpeg") => {
  const blank = sharp({ create: { width: 8, height: 8, channels: 3, background: "#c9a96e" } });
  return (format === "png" ? blank.png() : blank.jpeg()).toBuffer();
};

describe("document content checks", () => {
  test("a PDF, a JPEG and a PNG are taken for what their bytes say", async () => {
    expect(await checkDocumentContent(PDF)).toBe("pdf");
    expect(await checkDocumentContent(await image("jpeg"))).toBe("jpeg");
    expect(await checkDocumentContent(await image("png"))).toBe("png");
  });

  test("a cut-off PDF, a header over other bytes, HTML, a WebP and an empty file are refused", async () => {
    expect(await checkDocumentContent(PDF.subarray(0, 30))).toBeNull();
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]);
    expect(await checkDocumentContent(fakeJpeg)).toBeNull();
    // A PNG signature in front of a JPEG's body does not decode as a PNG.
    const jpeg = await image("jpeg");
    const mislabelled = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      jpeg,
    ]);
    expect(await checkDocumentContent(mislabelled)).toBeNull();
    expect(await checkDocumentContent(Buffer.from("<!doctype html><script>1</script>"))).toBeNull();
    const webp = await sharp({
      create: { width: 8, height: 8, channels: 3, background: "#fff" },
    })
      .webp()
      .toBuffer();
    expect(await checkDocumentContent(webp)).toBeNull();
    expect(await checkDocumentContent(Buffer.alloc(0))).toBeNull();
  });

  test("the file check answers the message to show and the type to store", async () => {
    expect(await checkDocumentFile({ bytes: PDF })).toEqual({
      ok: true,
      type: "pdf",
      mime: "application/pdf",
      extension: "pdf",
    });
    expect(await checkDocumentFile(null)).toMatchObject({
      ok: false,
      kind: "invalid",
      message: UPLOAD_MESSAGES.missingDocument,
    });
    expect(
      await checkDocumentFile({ bytes: Buffer.from("plain text, not a document") }),
    ).toMatchObject({
      ok: false,
      kind: "unsupported",
      message: UPLOAD_MESSAGES.notADocument,
    });
  });
});
