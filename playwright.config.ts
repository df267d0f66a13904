import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  assertServerBuilt,
  builtServerPath,
  findFreePort,
  projectRoot,
  testServerEnv,
} from "./tests/helpers/built-server";

// The browser tests run against the built app exactly as production runs it
// (NODE_ENV=production node build/server.js), with APP_ENV=test and a database of their own.
// `npm test` builds first; a bare `npx playwright test` needs `npm run build` after a change.

// This file is loaded by the runner and again by every worker. The runner checks the build and
// picks the port and the data folder once, and puts them in its environment, which the workers
// inherit, so all of them talk to the one server.
if (!process.env.E2E_PORT) {
  assertServerBuilt();
  process.env.E2E_PORT = String(await findFreePort());
}
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  // Runs after the web server has been stopped: nothing of a run is left behind.
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

// The server's cookie secret, known to the tests so they can sign staff in by writing a session
// (tests/e2e/staff-sessions.ts) instead of going through the form each time.
process.env.E2E_SESSION_SECRET ||= randomBytes(32).toString("base64url");

const port = process.env.E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: chromiumArgs,
  },
};
const SITE_CONTENT_EDITS = /admin-marketing\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // CI shares its 2 cores with the server, the browser and PostgreSQL, and a step that takes
  // 3 s here can take 20 s there (an axe pass over a long admin page): a run that fails on the
  // clock says nothing about the product. The budgets below are twice Playwright's defaults.
  timeout: ci ? 60_000 : 30_000,
  expect: { timeout: ci ? 10_000 : 5_000 },
  // The server, the browser and the tests share a 2-core machine.
  workers: Math.max(1, Math.min(2, os.availableParallelism())),
  reporter: ci ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: browser,
      testIgnore: SITE_CONTENT_EDITS,
    },
    {
      // The marketing journeys add and remove the home page's slides and reviews, which the other
      // journeys count: they run alone, after the rest.
      name: "site-content-edits",
      use: browser,
      testMatch: SITE_CONTENT_EDITS,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: `node ${JSON.stringify(path.relative(projectRoot, builtServerPath))}`,
    cwd: projectRoot,
    url: `${baseURL}/healthz`,
    // Migrating and seeding a fresh database takes about a second (more with demo photos).
    timeout: 120_000,
    reuseExistingServer: false,
    env: testServerEnv({
      PORT: port,
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SESSION_SECRET: process.env.E2E_SESSION_SECRET,
      // Every browser test's forms come from this one address; the limits themselves are tested
      // against the service and the built server (docs/decisions/0026-abuse-protection.md).
      PUBLIC_FORMS_PER_MINUTE: "100000",
      PUBLIC_FORMS_PER_DAY: "100000",
      // Only warnings and errors reach the test output; request lines would drown it.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    }),
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
