import { describe, expect, test } from "vitest";
import {
  abnChecksumHolds,
  emailRule,
  isAbn,
  isBsb,
  isPlainMultiLine,
  isPostcode,
  isSingleLine,
} from "./field-rules";

describe("the shared field rules", () => {
  test("a single-line field refuses CR, LF, other controls and Unicode line separators", () => {
    expect(isSingleLine("Zoë O'Brien-Ng")).toBe(true);
    for (const bad of [
      "Probe\r\nBcc: victim@evil.example",
      "a\nb",
      "a\u0000b",
      "a\u0085b",
      "a\u2028b",
      "a\u007fb",
    ]) {
      expect(isSingleLine(bad)).toBe(false);
    }
  });

  test("a multi-line field keeps its line breaks but not other controls", () => {
    expect(isPlainMultiLine("Line one\r\nLine two\ttabbed")).toBe(true);
    expect(isPlainMultiLine("bell\u0007")).toBe(false);
  });

  test("ABN, BSB and postcode", () => {
    expect(isAbn("51 824 753 556")).toBe(true);
    expect(isAbn("5182475355")).toBe(false);
    expect(isBsb("062-000")).toBe(true);
    expect(isBsb("06200")).toBe(false);
    expect(isPostcode("2088")).toBe(true);
    expect(isPostcode("208")).toBe(false);
  });

  test("the ABN checksum takes real ABNs and refuses a mistyped digit or a wrong length", () => {
    expect(abnChecksumHolds("51 824 753 556")).toBe(true);
    expect(abnChecksumHolds("53004085616")).toBe(true);
    expect(abnChecksumHolds("51 824 753 557")).toBe(false);
    expect(abnChecksumHolds("15 824 753 556")).toBe(false);
    expect(abnChecksumHolds("5182475355")).toBe(false);
  });
});

describe("the email rule", () => {
  const rule = emailRule({ required: "Enter it.", invalid: "Check it.", tooLong: "Too long." });

  test("a blank address gets the form's own required message, and spaces are trimmed", () => {
    expect(rule.safeParse("  ").error?.issues[0]?.message).toBe("Enter it.");
    expect(rule.parse("  ann@example.com ")).toBe("ann@example.com");
  });

  test("a malformed or over-long address gets the form's wording", () => {
    expect(rule.safeParse("ann@").error?.issues[0]?.message).toBe("Check it.");
    expect(rule.safeParse(`${"a".repeat(250)}@example.com`).error?.issues[0]?.message).toBe(
      "Too long.",
    );
  });
});
