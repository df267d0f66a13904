import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Shared by playwright.config.ts and the process tests, so it imports nothing from app/ (the
// Playwright config is loaded without the "~" alias) and nothing but Node.

/**
 * scrypt's N as a power of two in tests (SCRYPT_LOG2_N): 2^10 hashes in about a millisecond,
 * where production's cost takes a tenth of a second per sign-in.
 */
export const TEST_SCRYPT_LOG2_N = "10";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The Express entry that `npm run build` writes; browser and process tests run exactly this. */
export const builtServerPath = path.join(projectRoot, "build", "server.js");

/** Throws a message a person can act on when the build is missing. */
export function assertServerBuilt() {
  if (!existsSync(builtServerPath)) {
    throw new Error(
      `${path.relative(projectRoot, builtServerPath)} is missing: run \`npm run build\` first ` +
        "(npm test builds before it runs the tests that start the server).",
    );
  }
}

/** A TCP port nobody listens on right now (the OS picks it; the caller binds it soon after). */
export function findFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a server started by a test. Settings that would reach outside the test
 * (a developer's own DATABASE_URL, SMTP, Stripe, webhook targets) are blanked, so a test never
 * writes to a real database or mails a real person; empty values read as unset, so the demo
 * photos and the suburbs list are the committed ones. Passwords are hashed at a test's low cost.
 * Spread it over process.env when spawning (Playwright's webServer does that itself).
 */
export function testServerEnv(overrides: Record<string, string> = {}): Record<string, string> {
  // The lowered cost is refused outside APP_ENV=test: a test starting a production server keeps
  // production's cost.
  const testCost = (overrides.APP_ENV ?? "test") === "test";
  return {
    NODE_ENV: "production",
    APP_ENV: "test",
    HOST: "127.0.0.1",
    DATABASE_URL: "",
    PUBLIC_URL: "",
    SESSION_SECRET: "",
    DATA_ENCRYPTION_KEY: "",
    TRUST_PROXY: "off",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    SMTP_URL: "",
    STRIPE_SECRET_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
    PAYMENTS_MODE: "test",
    WEBHOOK_PRODUCTION_URL: "",
    WEBHOOK_TEST_URL: "",
    WEBHOOK_SECRET: "",
    // The fake automation host listens on this machine.
    WEBHOOK_PRIVATE_TARGETS: "on",
    ANALYTICS_TAG_ID: "",
    DEMO_PHOTOS_DIR: "",
    SUBURBS_CSV: "",
    SCRYPT_LOG2_N: testCost ? TEST_SCRYPT_LOG2_N : "",
    ...overrides,
  };
}
