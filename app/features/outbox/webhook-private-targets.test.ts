import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deliverWebhook } from "./webhook-delivery.server";
import { privateWebhookTargets } from "~/features/settings/settings.service.server";
import {
  isPrivateAddress,
  PRIVATE_TARGET_MESSAGE,
  privateTargetReason,
} from "~/server/private-address.server";

// A gap a probe found: staff could point webhooks at this machine or its private network.

describe("private addresses", () => {
  test.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "[::1]",
    "fd00::1",
    "fe80::1%eth0",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
  ])("%s is private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each(["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  test("a URL naming this machine or a private address is refused; a public one is not", async () => {
    for (const url of [
      "http://localhost:5678/hook",
      "http://api.localhost/hook",
      "https://127.0.0.1/hook",
      "http://[::1]:8080/",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.5/n8n",
    ]) {
      expect(await privateTargetReason(url), url).toBe(PRIVATE_TARGET_MESSAGE);
    }
    expect(await privateTargetReason("https://93.184.216.34/hook")).toBeNull();
  });

  test("the settings form says so beside each webhook field, unless private targets are on", async () => {
    const input = {
      webhookProductionUrl: "http://127.0.0.1:5678/webhook",
      webhookTestUrl: "https://93.184.216.34/hook",
    };
    expect(await privateWebhookTargets(input, { WEBHOOK_PRIVATE_TARGETS: "off" })).toEqual({
      webhookProductionUrl: PRIVATE_TARGET_MESSAGE,
    });
    expect(await privateWebhookTargets(input, { WEBHOOK_PRIVATE_TARGETS: "on" })).toEqual({});
  });
});

describe("a webhook to a private address", () => {
  let received = 0;
  let url = "";
  const server = http.createServer((_req, res) => {
    received += 1;
    res.writeHead(200).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = (allowPrivateTargets: boolean) => ({
    id: "msg-1",
    payload: { route: "production" as const, body: { hello: "world" } },
    urls: [url],
    secret: undefined,
    timeoutMs: 2000,
    allowPrivateTargets,
    signal: new AbortController().signal,
    now: () => new Date(),
  });

  test("is refused at delivery, without a request, and the log says why", async () => {
    const outcome = await deliverWebhook(request(false));
    expect(outcome.outcome).toBe("failed");
    expect(outcome.error).toBe(`Webhook refused: ${PRIVATE_TARGET_MESSAGE}`);
    expect(received).toBe(0);
  });

  test("goes through when WEBHOOK_PRIVATE_TARGETS=on", async () => {
    const outcome = await deliverWebhook(request(true));
    expect(outcome.outcome).toBe("delivered");
    expect(received).toBe(1);
  });
});
