import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";

// X-Forwarded-For names the client only when the proxy that sends it is one the server was told
// to trust (TRUST_PROXY). Anyone else who reaches the server directly, as a stranger could on a
// public address, cannot pick a fresh address for each wrong password to dodge the throttle.

let server: ServerProcess;
let baseUrl = "";

beforeAll(async () => {
  // The proxy's address is one this test never connects from (it connects from 127.0.0.1).
  server = spawnBuiltServer({ TRUST_PROXY: "192.0.2.10" });
  baseUrl = await waitUntilListening(server, 80_000);
}, 90_000);

afterAll(async () => {
  await server?.cleanUp();
});

function wrongPassword(forwardedFor: string) {
  return fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
      "x-forwarded-for": forwardedFor,
    },
    body: new URLSearchParams({
      intent: "password",
      email: "owner@example.com",
      password: "not-the-password-at-all",
    }),
    redirect: "manual",
  });
}

describe("a client that is not the trusted proxy", () => {
  test("cannot dodge the sign-in throttle by naming a new address each time", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await wrongPassword(`198.51.100.${attempt}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  }, 60_000);
});
