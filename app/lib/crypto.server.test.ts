import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { decryptField, encryptField, maskTail } from "./crypto.server";

const key = randomBytes(32).toString("base64");

describe("field encryption at rest (docs/decisions/0011-encrypted-bank-details.md)", () => {
  test("a value round-trips and is not stored in plain text", () => {
    const stored = encryptField(key, "062-000 12345678");
    expect(stored).not.toContain("12345678");
    expect(decryptField(key, stored)).toBe("062-000 12345678");
  });

  test("the same value encrypts differently each time", () => {
    expect(encryptField(key, "123456789")).not.toBe(encryptField(key, "123456789"));
  });

  test("a tampered value or the wrong key is refused", () => {
    const stored = encryptField(key, "secret");
    const tampered = stored.slice(0, -2) + (stored.endsWith("A") ? "BB" : "AA");
    expect(() => decryptField(key, tampered)).toThrow();
    expect(() => decryptField(randomBytes(32).toString("base64"), stored)).toThrow();
  });

  test("masking keeps only the last four digits", () => {
    expect(maskTail("12345678")).toBe("••••5678");
  });
});
