import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawnSeededServer } from "../helpers/seeded-data-folder";
import { waitUntilListening, type ServerProcess } from "../helpers/server-process";

// docs/decisions/0049-sign-in-under-a-flood.md, on the built server behind a trusted proxy:
// wrong passwords for the owner's account from many forwarded addresses, none reaching its own
// limit, while the owner signs in from the device they signed in on before.

let server: ServerProcess;
let baseUrl = "";
let owner: { email: string; password: string };

beforeAll(async () => {
  server = await spawnSeededServer({ TRUST_PROXY: "on", RATE_LIMITS: "on" });
  baseUrl = await waitUntilListening(server, 80_000);
  const logins = JSON.parse(
    readFileSync(path.join(server.dataDir, "demo-logins.json"), "utf8"),
  ) as { role: string; email: string; password: string }[];
  owner = logins.find((login) => login.role === "owner")!;
}, 90_000);

afterAll(async () => {
  await server?.cleanUp();
});

async function signIn(password: string, forwardedFor: string, cookie?: string) {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
      "x-forwarded-for": forwardedFor,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ intent: "password", email: owner.email, password }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response;
}

/** Wrong passwords, `atOnce` at a time, from a new address (10.`subnet`.x.y) every four tries. */
async function flood(total: number, atOnce: number, subnet = 9) {
  const statuses: number[] = [];
  for (let start = 0; start < total; start += atOnce) {
    const batch = Array.from({ length: atOnce }, (_, n) => {
      const address = Math.floor((start + n) / 4);
      return signIn("not-the-password-at-all", `10.${subnet}.${address >> 8}.${address & 255}`);
    });
    statuses.push(...(await Promise.all(batch)).map((response) => response.status));
  }
  return statuses;
}

describe("a distributed flood of wrong passwords at the owner's account", () => {
  test("the owner's known device still signs in; strangers are refused", async () => {
    const first = await signIn(owner.password, "203.0.113.7");
    expect(first.status).toBe(302);
    const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith("hg_device="));
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Path=\/admin/);
    const cookie = device!.split(";")[0]!;

    const [statuses, during] = await Promise.all([
      flood(64, 16),
      signIn(owner.password, "203.0.113.7", cookie),
    ]);
    expect(during.status).toBe(302);
    expect(statuses.every((status) => [401, 429, 503].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);

    // The owner's sign-in started the budget again; the flood, going on, spends it, and then
    // devices the account does not know are refused, the right password included, while the
    // known device is not affected.
    await flood(16, 16, 10);
    expect((await signIn(owner.password, "203.0.113.8")).status).toBe(429);
    expect((await signIn(owner.password, "203.0.113.7", cookie)).status).toBe(302);
  }, 120_000);
});
