import { Secret, TOTP } from "otpauth";

// RFC 6238 as every authenticator app reads it: SHA1, 6 digits, 30-second steps. A code is
// accepted one step either side of now (clock drift), and the caller records the step it
// matched so the same code is never accepted twice.
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const WINDOW = 1;

function totp(secretBase32: string, issuer = "", label = "") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as apps expect it. */
export function generateTotpSecret() {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI a QR code carries: the issuer is the business, the label the staff email. */
export function totpUri(secretBase32: string, issuer: string, account: string) {
  return totp(secretBase32, issuer, account).toString();
}

/** The time step a code matches (within one step of `now`), or null. */
export function matchTotp(secretBase32: string, code: string, now = new Date()) {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totp(secretBase32).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** "JBSW Y3DP EHPK 3PXP": the secret in groups of four, for typing into an app by hand. */
export function formatSecretForHumans(secretBase32: string) {
  return secretBase32.replace(/(.{4})/g, "$1 ").trim();
}
