import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { startAutomationHost, type AutomationHost } from "../fakes/automation-host";
import { findAttempts, testConfig } from "../helpers/outbox";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { until } from "../helpers/until";

const SCRIPT = path.resolve("tests/helpers/outbox-worker-process.ts");
const LEASE_MS = 2000;

describe("the outbox survives a crash of its process", () => {
  let database: TestDatabase;
  let host: AutomationHost;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
    host = await startAutomationHost();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await once(child, "exit");
      }
    }
    await host.close();
    await database.destroy();
  });

  async function startChild() {
    const { dataDir } = testConfig();
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT], {
      env: {
        ...process.env,
        OUTBOX_TEST_DB: database.location,
        OUTBOX_TEST_LEASE_MS: String(LEASE_MS),
        OUTBOX_TEST_CONCURRENCY: "3",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        WEBHOOK_PRODUCTION_URL: host.url(),
        // The fake automation host listens on this machine.
        WEBHOOK_PRIVATE_TARGETS: "on",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    const [line] = (await once(child.stdout!, "data")) as [Buffer];
    expect(line.toString()).toContain("ready");
    return child;
  }

  async function messages() {
    return database.db.selectFrom("outbox_messages").selectAll().execute();
  }

  test("SIGKILL mid-delivery, restart: every message delivered, none lost, attempts on record", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      ids.push(
        await database.db.transaction().execute((trx) =>
          enqueueWebhook(trx, {
            topic: "quote.created",
            subjectType: "quote",
            subjectId: `quote-${i}`,
            body: { quote: { notes: `request ${i}` } },
            route: "production",
          }),
        ),
      );
    }
    // Slow answers, so that a kill lands while requests are in flight.
    host.answer({ status: 200, delayMs: 400 });

    const first = await startChild();
    await until(() => host.answered.length >= 3 && host.requests.length > host.answered.length, {
      timeout: 10_000,
    });
    const answered = new Set(host.answered.map((r) => r.headers["webhook-id"]));
    const cutOff = host.requests
      .map((r) => r.headers["webhook-id"] as string)
      .filter((id) => !answered.has(id));
    first.kill("SIGKILL");
    await once(first, "exit");

    const afterCrash = await messages();
    const inFlight = afterCrash.filter((m) => m.status === "pending" && m.lease_until !== null);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(afterCrash.filter((m) => m.status === "delivered").length).toBeLessThan(10);

    const second = await startChild();
    await until(async () => (await messages()).every((m) => m.status === "delivered"), {
      timeout: 12_000,
    });
    second.kill("SIGTERM");
    const [code] = await once(second, "exit");
    expect(code).toBe(0);

    const final = await messages();
    expect(final.map((m) => m.id).sort()).toEqual([...ids].sort());
    for (const message of final) {
      const attempts = await findAttempts(database.db, message.id);
      expect(attempts.filter((a) => a.outcome === "delivered")).toHaveLength(1);
      expect(message.attempts).toBe(attempts.length);
    }
    // At-least-once: every message reached the host, those cut off by the crash twice.
    const received = host.requests.map((r) => r.headers["webhook-id"] as string);
    expect(new Set(received)).toEqual(new Set(ids));
    expect(cutOff.length).toBeGreaterThan(0);
    for (const id of cutOff) expect(received.filter((r) => r === id)).toHaveLength(2);
  }, 20_000);
});
