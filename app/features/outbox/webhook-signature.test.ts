import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./webhook-signature.server";

const key = Buffer.from("a test signing key of 32 bytes!!");
const secret = `whsec_${key.toString("base64")}`;
const body = JSON.stringify({ contact: { firstName: "Ava" } });

describe("webhook signatures (Standard Webhooks)", () => {
  test("the signature is v1, then base64 HMAC-SHA256 of id.timestamp.body under the decoded secret", () => {
    const expected = createHmac("sha256", key).update(`msg_1.1700000000.${body}`).digest("base64");
    expect(signWebhook(secret, "msg_1", 1700000000, body)).toBe(`v1,${expected}`);
  });

  test("a receiver accepts our signature within five minutes of its timestamp", () => {
    const headers = {
      "webhook-id": "msg_1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": signWebhook(secret, "msg_1", 1700000000, body),
    };
    const now = new Date(1700000000_000 + 299_000);
    expect(verifyWebhookSignature(secret, headers, body, { now })).toBe(true);
    expect(
      verifyWebhookSignature(secret, headers, body, { now: new Date(1700000000_000 + 301_000) }),
    ).toBe(false);
  });

  test("a changed body, id or secret fails verification", () => {
    const headers = {
      "webhook-id": "msg_1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": signWebhook(secret, "msg_1", 1700000000, body),
    };
    const now = new Date(1700000000_000);
    expect(verifyWebhookSignature(secret, headers, `${body} `, { now })).toBe(false);
    expect(
      verifyWebhookSignature(secret, { ...headers, "webhook-id": "msg_2" }, body, { now }),
    ).toBe(false);
    const other = `whsec_${Buffer.from("another key").toString("base64")}`;
    expect(verifyWebhookSignature(other, headers, body, { now })).toBe(false);
  });

  test("one valid signature among several (key rotation) is enough", () => {
    const headers = {
      "webhook-id": "msg_1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": `v1,bm90IGl0 ${signWebhook(secret, "msg_1", 1700000000, body)}`,
    };
    expect(verifyWebhookSignature(secret, headers, body, { now: new Date(1700000000_000) })).toBe(
      true,
    );
  });
});
