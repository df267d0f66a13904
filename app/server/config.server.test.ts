import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { demoPhotosDir, nswSuburbsCsv } from "../../tests/helpers/committed-assets";
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

  test("the demo photos and the suburbs list are the committed files, from any working folder", () => {
    const elsewhere = tempDir();
    const cwd = process.cwd();
    process.chdir(elsewhere);
    try {
      const config = loadConfig({ DATA_DIR: elsewhere });
      expect(config.demoPhotosDir).toBe(demoPhotosDir);
      expect(config.suburbsCsv).toBe(nswSuburbsCsv);
    } finally {
      process.chdir(cwd);
    }
  });

  test("DEMO_PHOTOS_DIR and SUBURBS_CSV name other files, relative to the working folder", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DEMO_PHOTOS_DIR: "my-photos",
      SUBURBS_CSV: "/srv/suburbs.csv",
    });
    expect(config.demoPhotosDir).toBe(path.resolve("my-photos"));
    expect(config.suburbsCsv).toBe("/srv/suburbs.csv");
    expect(loadConfig({ DATA_DIR: tempDir(), SUBURBS_CSV: " " }).suburbsCsv).toBe(nswSuburbsCsv);
  });

  test("a lowered scrypt cost is for tests only: production and development refuse it, naming it", () => {
    const production = () => ({
      APP_ENV: "production",
      NODE_ENV: "production",
      DATA_DIR: tempDir(),
      SESSION_SECRET: "s".repeat(40),
      DATA_ENCRYPTION_KEY: "A".repeat(43) + "=",
    });
    expect(loadConfig({ DATA_DIR: tempDir(), APP_ENV: "test", SCRYPT_LOG2_N: "10" })).toMatchObject(
      { SCRYPT_LOG2_N: 10 },
    );
    expect(loadConfig({ DATA_DIR: tempDir(), APP_ENV: "test" }).SCRYPT_LOG2_N).toBeUndefined();
    // Empty reads as unset, as for every variable: a production start given SCRYPT_LOG2_N= is fine.
    expect(loadConfig({ ...production(), SCRYPT_LOG2_N: "" }).SCRYPT_LOG2_N).toBeUndefined();
    expect(() => loadConfig({ ...production(), SCRYPT_LOG2_N: "10" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production(), SCRYPT_LOG2_N: "10" })).toThrow(
      /SCRYPT_LOG2_N: is only allowed when APP_ENV=test/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SCRYPT_LOG2_N: "10" })).toThrow(
      /SCRYPT_LOG2_N: is only allowed when APP_ENV=test \(APP_ENV is development\)/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), APP_ENV: "test", SCRYPT_LOG2_N: "16" })).toThrow(
      /SCRYPT_LOG2_N/,
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
      loadConfig({ APP_ENV: "production", NODE_ENV: "production", DATA_DIR: tempDir() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/SESSION_SECRET[\s\S]*DATA_ENCRYPTION_KEY/);
  });

  test("TRUST_PROXY: on trusts only a proxy on this machine; addresses and hops as given", () => {
    const trust = (TRUST_PROXY: string) =>
      loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY }).trustProxy;
    expect(trust("off")).toBe(false);
    expect(trust("on")).toEqual(["loopback"]);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.5, 192.168.0.0/16,::1")).toEqual(["10.0.0.5", "192.168.0.0/16", "::1"]);
    for (const bad of ["yes", "0", "11", "10.0.0.300", "10.0.0.0/33", "proxy.example"]) {
      expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
    }
  });

  test("production refuses any NODE_ENV but production, naming it", () => {
    const secrets = {
      SESSION_SECRET: "x".repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    };
    for (const NODE_ENV of [undefined, "", "development", "test"]) {
      expect(() =>
        loadConfig({ APP_ENV: "production", NODE_ENV, DATA_DIR: tempDir(), ...secrets }),
      ).toThrow("NODE_ENV: must be production when APP_ENV=production");
    }
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "development" }).APP_ENV).toBe(
      "development",
    );
  });

  test("production never uses the test payment provider", () => {
    const secrets = {
      SESSION_SECRET: "x".repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    };
    const config = loadConfig({
      APP_ENV: "production",
      NODE_ENV: "production",
      DATA_DIR: tempDir(),
      ...secrets,
    });
    expect(config.paymentsMode).toBe("off");
    expect(() =>
      loadConfig({
        APP_ENV: "production",
        NODE_ENV: "production",
        DATA_DIR: tempDir(),
        PAYMENTS_MODE: "test",
        ...secrets,
      }),
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

  describe("S3 object storage", () => {
    const s3 = {
      S3_BUCKET: "harbour-uploads",
      S3_ENDPOINT: "https://s3.example.net",
      S3_REGION: "ap-southeast-2",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "a-secret-that-must-never-be-printed",
    };
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("the configuration was accepted");
    };

    test("unset, files stay in the data folder; set, the bucket is used", () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).s3).toBeNull();
      expect(loadConfig({ DATA_DIR: tempDir(), ...s3, S3_FORCE_PATH_STYLE: "on" }).s3).toEqual({
        bucket: "harbour-uploads",
        endpoint: "https://s3.example.net",
        region: "ap-southeast-2",
        accessKeyId: "AKIAEXAMPLE",
        secretAccessKey: "a-secret-that-must-never-be-printed",
        forcePathStyle: true,
      });
    });

    test("a bucket without its region or keys is refused, naming each missing variable", () => {
      const message = messageOf({
        S3_BUCKET: s3.S3_BUCKET,
        S3_SECRET_ACCESS_KEY: s3.S3_SECRET_ACCESS_KEY,
      });
      expect(message).toMatch(/S3_REGION: is required when S3_BUCKET is set/);
      expect(message).toMatch(/S3_ACCESS_KEY_ID: is required when S3_BUCKET is set/);
      expect(message).not.toMatch(/S3_SECRET_ACCESS_KEY:/);
      expect(message).not.toContain(s3.S3_SECRET_ACCESS_KEY);
    });

    test("S3 settings without a bucket are refused rather than ignored", () => {
      const { S3_BUCKET: _bucket, ...withoutBucket } = s3;
      const message = messageOf(withoutBucket);
      expect(message).toMatch(/S3_BUCKET: is required when S3_REGION, S3_ACCESS_KEY_ID/);
      expect(message).not.toContain(s3.S3_SECRET_ACCESS_KEY);
    });

    test("a bucket name S3 would refuse, or an endpoint that is not a URL, is named", () => {
      expect(messageOf({ ...s3, S3_BUCKET: "Uploads_Bucket" })).toMatch(
        /S3_BUCKET: must be a bucket name/,
      );
      expect(messageOf({ ...s3, S3_ENDPOINT: "not a url" })).toMatch(/S3_ENDPOINT/);
    });
  });
});
