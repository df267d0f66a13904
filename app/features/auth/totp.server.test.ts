import { describe, expect, test } from "vitest";
import { codeAt } from "./auth.test-helpers";
import {
  generateRecoveryCodes,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  spendRecoveryCode,
} from "./recovery-codes.server";
import { formatSecretForHumans, generateTotpSecret, matchTotp, totpUri } from "./totp.server";

const now = new Date("2026-11-22T10:00:10Z");
const step = Math.floor(now.getTime() / 30_000);
const shifted = (steps: number) => new Date(now.getTime() + steps * 30_000);

describe("authenticator codes", () => {
  const secret = generateTotpSecret();

  test("a secret is 160 bits of base32 and the QR URI is the standard one", () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, "Harbour & Gold Cleaning", "owner@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("issuer")).toBe("Harbour & Gold Cleaning");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("secret")).toBe(secret);
  });

  test("the current code matches the current step", () => {
    expect(matchTotp(secret, codeAt(secret, now), now)).toBe(step);
  });

  test("a code one step early or late still matches (clock drift), two steps do not", () => {
    expect(matchTotp(secret, codeAt(secret, shifted(-1)), now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(secret, shifted(1)), now)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(secret, shifted(-2)), now)).toBeNull();
    expect(matchTotp(secret, codeAt(secret, shifted(2)), now)).toBeNull();
  });

  test("anything but six digits is refused without a lookup", () => {
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
  });

  test("the key for typing by hand is grouped in fours", () => {
    expect(formatSecretForHumans("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });
});

describe("recovery codes", () => {
  test("ten different codes, easy to copy by hand", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  test("a code is accepted however it is typed, and only once", () => {
    const [first, second] = generateRecoveryCodes(2) as [string, string];
    const stored = [hashRecoveryCode(first), hashRecoveryCode(second)];
    const typed = ` ${first.toLowerCase().replace("-", " ")} `;
    const after = spendRecoveryCode(stored, typed);
    expect(after).toEqual([hashRecoveryCode(second)]);
    expect(spendRecoveryCode(after!, first)).toBeNull();
  });

  test("only hashes are stored", () => {
    const [code] = generateRecoveryCodes(1) as [string];
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code)).not.toContain(code.replace("-", ""));
  });
});
