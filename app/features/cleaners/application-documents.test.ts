import { describe, expect, test } from "vitest";
import { sanitiseDocumentName } from "./application-documents.service.server";

// docs/decisions/0056-application-outcomes-and-documents.md: a document is downloaded
// under its uploaded name, with only safe characters left in it.

describe("document names", () => {
  test("a name keeps its safe characters and ends in the extension its content proved", () => {
    expect(sanitiseDocumentName("Police check 2026.pdf", "pdf")).toBe("Police check 2026.pdf");
    expect(sanitiseDocumentName("C:\\Users\\me\\passport.JPG", "jpg")).toBe("passport.jpg");
    expect(sanitiseDocumentName('../../etc/"evil";\r\nX: y.html', "pdf")).toBe("evil_X_ y.pdf");
    expect(sanitiseDocumentName("Zoë's visa.png", "png")).toBe("Zoe_s visa.png");
    expect(sanitiseDocumentName("", "png")).toBe("document.png");
    expect(sanitiseDocumentName("....", "pdf")).toBe("document.pdf");
    expect(sanitiseDocumentName(`${"a".repeat(300)}.pdf`, "pdf")).toHaveLength(100);
  });
});
