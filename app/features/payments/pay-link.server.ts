import { createHmac, timingSafeEqual } from "node:crypto";

// The link a customer is emailed when a saved card could not be charged
// (docs/decisions/0074-saved-cards-and-off-session-charges.md): the booking's reference, when it
// stops working, and an HMAC of both under the session secret. It opens the booking's payment
// page without signing in, and nobody can make one who did not receive the email.

const PURPOSE = "saved-card-pay-link";
/** Long enough for the retries and a customer away for a week. */
export const PAY_LINK_DAYS = 14;

function signatureOf(secret: string, reference: string, expires: number) {
  return createHmac("sha256", secret)
    .update(`${PURPOSE}:${reference}:${expires}`)
    .digest("base64url");
}

export function payLinkToken(secret: string, reference: string, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + PAY_LINK_DAYS * 24 * 60 * 60;
  return `${reference}.${expires}.${signatureOf(secret, reference, expires)}`;
}

export type PayLinkCheck =
  { ok: true; reference: string } | { ok: false; reason: "invalid" | "expired" };

/** The booking reference a token names, when we made it and it has not run out. */
export function checkPayLinkToken(secret: string, token: string, now: Date): PayLinkCheck {
  const parts = token.length <= 200 ? token.split(".") : [];
  if (parts.length !== 3) return { ok: false, reason: "invalid" };
  const [reference, expiresText, given] = parts as [string, string, string];
  const expires = Number(expiresText);
  if (!reference || !Number.isSafeInteger(expires)) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(signatureOf(secret, reference, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return { ok: false, reason: "invalid" };
  }
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, reference };
}
