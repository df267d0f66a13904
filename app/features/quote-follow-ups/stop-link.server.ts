import { createHmac, timingSafeEqual } from "node:crypto";

// The one-click stop link in a follow-up (docs/decisions/0077-quote-follow-ups.md): the quote's
// id and an HMAC of it under the session secret, so it works without signing in and cannot be
// made for a quote by anyone who has not received its email.

const PURPOSE = "quote-follow-up-stop";

function signatureOf(secret: string, quoteId: string) {
  return createHmac("sha256", secret).update(`${PURPOSE}:${quoteId}`).digest("base64url");
}

export function stopToken(secret: string, quoteId: string) {
  return `${quoteId}.${signatureOf(secret, quoteId)}`;
}

/** The quote id a token was made for, or null when it was not made by us. */
export function quoteIdOfStopToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 200) return null;
  const quoteId = token.slice(0, dot);
  const expected = Buffer.from(signatureOf(secret, quoteId));
  const given = Buffer.from(token.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? quoteId : null;
}
