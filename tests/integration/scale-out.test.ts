import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAutomationHost, type AutomationHost } from "../fakes/automation-host";
import { startRoundRobinProxy, type RoundRobinProxy } from "../helpers/round-robin-proxy";
import {
  dashboardStatus,
  fetchUpload,
  postQuote,
  quotesLetThrough,
  repeatedWebhookIds,
  signInStaff,
  uploadPhoto,
} from "../helpers/scale-out-checks";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { until } from "../helpers/until";

// Scale-out (docs/operations.md#scaling-out): two built app processes on one database (PostgreSQL when
// TEST_DATABASE_URL is set, else one SQLite file, which several processes may share) and one
// data folder, behind a round-robin proxy. A staff session, a rate limit, an upload and the
// outbox must behave as one site. `npm run bench:scaleout` measures the same shape under load.

const dialect = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
const LIMIT = 4;
const STAFF = { email: "owner@scale-out.example", password: "scale-out-password-1234" };

describe(`two app processes on one ${dialect} database`, () => {
  let database: TestDatabase;
  let host: AutomationHost;
  let dataDir: string;
  let proxy: RoundRobinProxy;
  const servers: ServerProcess[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    host = await startAutomationHost();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-scale-out-"));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      // Each process would make its own without them; a deployment gives all processes the same.
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      TRUST_PROXY: "on",
      PUBLIC_FORMS_PER_MINUTE: String(LIMIT),
      WEBHOOK_PRODUCTION_URL: host.url("/production"),
    };
    // One after the other, as a rolling deploy starts them: the first migrates and seeds.
    for (let i = 0; i < 2; i += 1) {
      const server = spawnBuiltServer(env);
      servers.push(server);
      urls.push(await waitUntilListening(server));
    }
    proxy = await startRoundRobinProxy(urls);
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.cleanUp()));
    await host?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("a staff session made on one process is valid on the other", async () => {
    const cookie = await signInStaff(urls[0]!, STAFF.email, STAFF.password);
    expect(await dashboardStatus(urls[1]!, cookie)).toBe(200);
    expect(await dashboardStatus(urls[0]!, cookie)).toBe(200);
    expect(await dashboardStatus(urls[1]!, "hg_session=forged")).toBe(302);
  });

  test(`a limit of ${LIMIT} a minute lets ${LIMIT} through across both processes, not twice that`, async () => {
    const before = proxy.served.length;
    const counted = await quotesLetThrough(proxy.url, "198.51.100.7", LIMIT * 2 + 2);
    expect(counted).toEqual({ created: LIMIT, limited: LIMIT + 2, other: [] });
    // The proxy sent them to both processes in turn.
    expect(new Set(proxy.served.slice(before))).toEqual(new Set([0, 1]));
  });

  test("an upload made through one process is served by the other", async () => {
    const url = await uploadPhoto(urls[0]!, "198.51.100.8");
    const served = await fetchUpload(urls[1]!, url);
    expect(served.status).toBe(200);
    expect(served.type).toBe("image/webp");
    expect(served.size).toBeGreaterThan(0);
  });

  test("both workers share the outbox: every webhook reaches the host once", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postQuote(proxy.url, `203.0.113.${i + 1}`)),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
    const webhookIds = async () =>
      await database.db
        .selectFrom("outbox_messages")
        .select(["id", "status"])
        .where("kind", "=", "webhook")
        .execute();
    await until(async () => (await webhookIds()).every((row) => row.status === "delivered"), {
      timeout: 20_000,
      interval: 200,
    });
    const ids = (await webhookIds()).map((row) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(12);
    expect(repeatedWebhookIds(host.requests)).toEqual([]);
    expect(new Set(host.requests.map((r) => String(r.headers["webhook-id"])))).toEqual(
      new Set(ids),
    );
  });
});
