import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "hg-config-"));

describe("configuration from the environment", () => {
  test("a local start needs no settings: defaults apply and secrets are generated once", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.PORT).toBe(3000);
    expect(first.databaseUrl).toBe(path.join(dir, "app.db"));
    expect(first.paymentsMode).toBe("test");
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.sessionSecret).toBe(first.sessionSecret);
    expect(JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8")).SESSION_SECRET).toBe(
      first.sessionSecret,
    );
  });

  test("a bad variable is named in the error", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEBHOOK_SECRET: "nope" })).toThrow(
      /WEBHOOK_SECRET: must be whsec_ followed by base64/,
    );
  });

  test("the outbox lease is 60 s unless set, and never as short as one try's 10 s timeout", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).OUTBOX_LEASE_SECONDS).toBe(60);
    expect(
      loadConfig({ DATA_DIR: tempDir(), OUTBOX_LEASE_SECONDS: "15" }).OUTBOX_LEASE_SECONDS,
    ).toBe(15);
    expect(() => loadConfig({ DATA_DIR: tempDir(), OUTBOX_LEASE_SECONDS: "10" })).toThrow(
      /OUTBOX_LEASE_SECONDS/,
    );
  });

  test("production refuses to start without its secrets, naming each", () => {
    let error: unknown;
    try {
      loadConfig({ APP_ENV: "production", DATA_DIR: tempDir() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/SESSION_SECRET[\s\S]*DATA_ENCRYPTION_KEY/);
  });

  test("production never uses the test payment provider", () => {
    const secrets = {
      SESSION_SECRET: "x".repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    };
    const config = loadConfig({ APP_ENV: "production", DATA_DIR: tempDir(), ...secrets });
    expect(config.paymentsMode).toBe("off");
    expect(() =>
      loadConfig({ APP_ENV: "production", DATA_DIR: tempDir(), PAYMENTS_MODE: "test", ...secrets }),
    ).toThrow(/PAYMENTS_MODE/);
  });

  test("Stripe payments need the secret key and the webhook signing secret", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAYMENTS_MODE: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required when payments go through Stripe/,
    );
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(config.paymentsMode).toBe("stripe");
  });
});
