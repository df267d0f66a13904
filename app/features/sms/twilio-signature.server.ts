import { createHmac, timingSafeEqual } from "node:crypto";

// Twilio signs each webhook (X-Twilio-Signature): HMAC-SHA1, keyed by the auth token, of the full
// URL Twilio called followed by each POST parameter's name and value, sorted by name; base64.

export function twilioSignature(authToken: string, url: string, params: [string, string][]) {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: [string, string][],
  signature: string | null,
) {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
