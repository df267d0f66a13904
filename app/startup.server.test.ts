import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { verifyPassword } from "~/features/auth/password.server";
import { saveStaffAccount } from "~/features/auth/staff-accounts.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../tests/helpers/test-database";
import { loadConfig } from "~/server/config.server";
import {
  prepareDatabase,
  warnIfAnyClientNamesItsAddress,
  warnIfDemoOnPublicAddress,
} from "./startup.server";

const PASSWORD = "harbour-owner-passphrase-42";

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "trace" }, { write: (line: string) => lines.push(line) });
  return { logger, output: () => lines.join("\n") };
}

describe.each(testDialects)("the first staff account from the environment on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  const staffEmails = async () =>
    (await database.db.selectFrom("staff_users").select("email").execute()).map((r) => r.email);

  // A production start, so the demo seed (which has staff of its own) stays out of the picture.
  const config = (env: Record<string, string> = {}) =>
    loadConfig({
      APP_ENV: "production",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SESSION_SECRET: "s".repeat(40),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ...env,
    });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-first-admin-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("an empty database gets the account once, with a working password that is never logged", async () => {
    const first = capturingLogger();
    await prepareDatabase({
      db: database.db,
      config: config({ ADMIN_EMAIL: "Owner@Harbour.Example", ADMIN_PASSWORD: PASSWORD }),
      logger: first.logger,
    });
    expect(await staffEmails()).toEqual(["owner@harbour.example"]);
    const row = await database.db
      .selectFrom("staff_users")
      .select("password_hash")
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
    expect(first.output()).toContain("first staff account created from ADMIN_EMAIL");
    expect(first.output()).not.toContain(PASSWORD);

    // The next start, even with other values, leaves the accounts alone.
    const second = capturingLogger();
    await prepareDatabase({
      db: database.db,
      config: config({ ADMIN_EMAIL: "someone@harbour.example", ADMIN_PASSWORD: PASSWORD }),
      logger: second.logger,
    });
    expect(await staffEmails()).toEqual(["owner@harbour.example"]);
    expect(second.output()).not.toContain("first staff account created");
  });

  test("no account is made when one already exists, or without both variables", async () => {
    await prepareDatabase({
      db: database.db,
      config: config({ ADMIN_EMAIL: "owner@harbour.example" }),
      logger: capturingLogger().logger,
    });
    expect(await staffEmails()).toEqual([]);

    await saveStaffAccount(database.db, {
      email: "manager@harbour.example",
      password: "manager passphrase here",
    });
    await prepareDatabase({
      db: database.db,
      config: config({ ADMIN_EMAIL: "owner@harbour.example", ADMIN_PASSWORD: PASSWORD }),
      logger: capturingLogger().logger,
    });
    expect(await staffEmails()).toEqual(["manager@harbour.example"]);
  });
});

describe("the demo-on-a-public-address warning", () => {
  const base = { APP_ENV: "development" as const, isProduction: false };
  test("is logged when a non-production start listens beyond this machine", () => {
    const { logger, output } = capturingLogger();
    const message = warnIfDemoOnPublicAddress({ ...base, HOST: "0.0.0.0" }, logger);
    expect(message).toMatch(/^demo mode on a public address: /);
    expect(output()).toContain("demo mode on a public address");
  });

  test("stays quiet on a loopback address and in production", () => {
    const { logger, output } = capturingLogger();
    for (const HOST of ["127.0.0.1", "localhost", "::1", "[::1]"]) {
      expect(warnIfDemoOnPublicAddress({ ...base, HOST }, logger)).toBeNull();
    }
    expect(
      warnIfDemoOnPublicAddress(
        { APP_ENV: "production", isProduction: true, HOST: "0.0.0.0" },
        logger,
      ),
    ).toBeNull();
    expect(output()).toBe("");
  });
});

describe("the warning for a proxy trusted by hop count", () => {
  test("is logged when any client may name its address on a public address", () => {
    const { logger, output } = capturingLogger();
    const message = warnIfAnyClientNamesItsAddress({ trustProxy: 1, HOST: "0.0.0.0" }, logger);
    expect(message).toMatch(/^TRUST_PROXY=1 believes X-Forwarded-For from any client/);
    expect(output()).toContain("Set HOST=127.0.0.1, or set TRUST_PROXY to the proxy's addresses");
  });

  test("stays quiet on loopback, with named proxies, and with no proxy", () => {
    const { logger, output } = capturingLogger();
    expect(warnIfAnyClientNamesItsAddress({ trustProxy: 1, HOST: "127.0.0.1" }, logger)).toBeNull();
    const named: (false | string[])[] = [false, ["loopback"], ["10.0.0.5"]];
    for (const trustProxy of named) {
      expect(warnIfAnyClientNamesItsAddress({ trustProxy, HOST: "0.0.0.0" }, logger)).toBeNull();
    }
    expect(output()).toBe("");
  });
});
