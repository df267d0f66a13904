import { createHmac, timingSafeEqual } from "node:crypto";

// Standard Webhooks (standardwebhooks.com): the receiver checks
// v1,base64(HMAC-SHA256(secret, "{webhook-id}.{webhook-timestamp}.{body}")), where the secret is
// the base64 part after "whsec_". The timestamp is signed too, so a captured request cannot be
// replayed later than the receiver's tolerance.

function secretBytes(secret: string) {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}

/** The webhook-signature header value for one request. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  const mac = createHmac("sha256", secretBytes(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}

export type SignedHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/**
 * What a receiver does: true when one of the space-separated signatures matches and the
 * timestamp is within `toleranceSeconds` of now (5 minutes, as Standard Webhooks suggests).
 */
export function verifyWebhookSignature(
  secret: string,
  headers: SignedHeaders,
  body: string,
  { now = new Date(), toleranceSeconds = 300 } = {},
) {
  const timestamp = Number(headers["webhook-timestamp"]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers["webhook-id"], timestamp, body));
  return headers["webhook-signature"].split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
