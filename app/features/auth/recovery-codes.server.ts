import { randomInt } from "node:crypto";
import { sha256 } from "~/lib/crypto.server";

// Ten single-use codes for a lost phone. Shown once; only their SHA-256 is kept. Ten characters
// from a 31-symbol alphabet are about 50 bits each, far beyond what the sign-in throttle lets
// anyone try.
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O or 1/I: written down on paper
const HALF = 5;

/** "K7QD2-MX9PA" */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT) {
  return Array.from({ length: count }, () => {
    let code = "";
    for (let i = 0; i < HALF * 2; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, HALF)}-${code.slice(HALF)}`;
  });
}

/** Upper case without spaces or dashes, so "k7qd2 mx9pa" matches "K7QD2-MX9PA". */
export function normaliseRecoveryCode(input: string) {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

export function looksLikeRecoveryCode(input: string) {
  return /^[A-Z0-9]{10}$/.test(normaliseRecoveryCode(input));
}

export function hashRecoveryCode(code: string) {
  return sha256(`recovery:${normaliseRecoveryCode(code)}`);
}

/** The stored hashes without the code given, or null when it is not among them. */
export function spendRecoveryCode(hashes: readonly string[], code: string) {
  const hash = hashRecoveryCode(code);
  const index = hashes.indexOf(hash);
  if (index === -1) return null;
  return hashes.filter((_, i) => i !== index);
}
