import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { enqueueSms } from "~/features/outbox/outbox.service.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { twilioSignature } from "~/features/sms/twilio-signature.server";
import type { AppConfig } from "~/server/config.server";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-api";
import { findAttempts, findMessage, silentLogger, testConfig } from "../helpers/outbox";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0076-sms-beside-email.md: texts go to Twilio's REST API (here its fake, over
// real HTTP), and replies come back to /api/twilio/inbound signed with the auth token.

const ACCOUNT = { sid: `AC${"0123456789abcdef".repeat(2)}`, token: "twilio-test-auth-token" };
const twilioEnv = (url: string) => ({
  TWILIO_ACCOUNT_SID: ACCOUNT.sid,
  TWILIO_AUTH_TOKEN: ACCOUNT.token,
  TWILIO_FROM: "+61400000000",
  TWILIO_API_URL: url,
});

describe.each(testDialects)("texts through Twilio on %s", (dialect) => {
  let database: TestDatabase;
  let twilio: FakeTwilio;
  let worker: Worker;
  let config: AppConfig;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    twilio = await startFakeTwilio(ACCOUNT);
    config = testConfig(twilioEnv(twilio.url));
    worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      poll: false,
      attemptTimeoutMs: 2000,
    });
  });
  afterEach(async () => {
    await worker.stop();
    await twilio.close();
    await database.destroy();
  });

  const enqueue = (to: string) =>
    database.db.transaction().execute((trx) =>
      enqueueSms(trx, {
        topic: "booking.reminder",
        subjectType: "booking",
        subjectId: "booking-1",
        to,
        body: "Harbour & Gold: your clean is on Fri, 4 Dec 2026 at 9:00 AM. Reply STOP to opt out.",
      }),
    );

  test("a text is sent once, from our number, and logged as delivered", async () => {
    const id = await enqueue("+61412000004");
    expect(await worker.runOnce()).toBe(1);
    expect(twilio.texts).toEqual([
      {
        to: "+61412000004",
        from: "+61400000000",
        body: "Harbour & Gold: your clean is on Fri, 4 Dec 2026 at 9:00 AM. Reply STOP to opt out.",
      },
    ]);
    expect(await findMessage(database.db, id)).toMatchObject({ status: "delivered" });
    expect(await findAttempts(database.db, id)).toMatchObject([
      { target: "twilio", outcome: "delivered", status_code: 201 },
    ]);
    expect(await worker.runOnce()).toBe(0);
    expect(twilio.texts).toHaveLength(1);
  });

  test("an outage is tried again; a refused number is given up at once, its number kept out of the log", async () => {
    twilio.failNext(503);
    const retried = await enqueue("+61412000004");
    await worker.runOnce();
    expect(await findMessage(database.db, retried)).toMatchObject({
      status: "retrying",
      last_status_code: 503,
    });

    twilio.refuse.add("+61412000009");
    const refused = await enqueue("+61412000009");
    await worker.runOnce();
    const message = await findMessage(database.db, refused);
    expect(message).toMatchObject({ status: "dead", last_status_code: 400 });
    expect(message.last_error).toContain("21610");
    expect(message.last_error).not.toContain("412000009");
  });
});

describe("replies from Twilio at /api/twilio/inbound", () => {
  let server: ServerProcess;
  let baseUrl: string;
  let dataDir: string;
  const publicUrl = "http://127.0.0.1:3271";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-twilio-inbound-"));
    server = spawnBuiltServer({
      DATA_DIR: dataDir,
      PORT: "3271",
      PUBLIC_URL: publicUrl,
      ...twilioEnv("http://127.0.0.1:9"),
    });
    baseUrl = await waitUntilListening(server);
  }, 60_000);

  afterAll(async () => {
    await server?.cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const choice = (phone: string) => {
    const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
    try {
      return db.prepare("select opted_in, source from sms_preferences where phone = ?").get(phone);
    } finally {
      db.close();
    }
  };

  function reply(body: string, sign: (params: [string, string][]) => string) {
    const params: [string, string][] = [
      ["MessageSid", "SM00000000000000000000000000000001"],
      ["AccountSid", ACCOUNT.sid],
      ["From", "+61412000007"],
      ["To", "+61400000000"],
      ["Body", body],
    ];
    return fetch(`${baseUrl}/api/twilio/inbound`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": sign(params),
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  const signedAsTwilio = (params: [string, string][]) =>
    twilioSignature(ACCOUNT.token, `${publicUrl}/api/twilio/inbound`, params);

  test("a reply with a wrong signature is refused and changes nothing", async () => {
    const forged = await reply("STOP", (params) =>
      twilioSignature("not-the-auth-token", `${publicUrl}/api/twilio/inbound`, params),
    );
    expect(forged.status).toBe(403);
    const unsigned = await reply("STOP", () => "");
    expect(unsigned.status).toBe(403);
    expect(choice("+61412000007")).toBeUndefined();
  });

  test("STOP opts the number out, START back in; the answer is empty TwiML", async () => {
    const stopped = await reply("Stop", signedAsTwilio);
    expect(stopped.status).toBe(200);
    expect(stopped.headers.get("content-type")).toContain("text/xml");
    expect(await stopped.text()).toContain("<Response></Response>");
    expect(choice("+61412000007")).toEqual({ opted_in: 0, source: "reply" });

    expect((await reply("START", signedAsTwilio)).status).toBe(200);
    expect(choice("+61412000007")).toEqual({ opted_in: 1, source: "reply" });
  });
});
