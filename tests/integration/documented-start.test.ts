import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { projectRoot } from "../helpers/built-server";
import { greaterSydneySuburbsCsv, standInDemoPhotosDir } from "../helpers/committed-assets";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";

// The built server started exactly as the README and .env.example tell a deployer to:
// `node --env-file=.env build/server.js`, with .env copied from .env.example. Whatever the
// environment says, it must never serve the app's source files or Vite's client.

const SOURCE_PATHS = [
  "/app/server/config.server.ts",
  "/app/features/auth/password.server.ts",
  "/@vite/client",
  "/app/root.tsx",
];

const servers: ServerProcess[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.cleanUp()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** .env.example with a deployer's own values appended (later lines win in Node's env files). */
function envFileFromExample(values: Record<string, string>, drop: string[] = []) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "hg-env-"));
  folders.push(folder);
  const example = readFileSync(path.join(projectRoot, ".env.example"), "utf8")
    .split("\n")
    .filter((line) => !drop.some((name) => line.startsWith(`${name}=`)))
    .join("\n");
  const own = Object.entries(values).map(([name, value]) => `${name}=${value}`);
  const file = path.join(folder, ".env");
  writeFileSync(file, `${example}\n${own.join("\n")}\n`);
  return file;
}

// The data folder is the server helper's own temporary one (its DATA_DIR wins over the file's).
function productionValues() {
  return {
    APP_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  };
}

async function statusOf(baseUrl: string, pathname: string) {
  const response = await fetch(baseUrl + pathname);
  await response.arrayBuffer();
  return response.status;
}

describe("the documented production start", () => {
  test("`node --env-file=.env build/server.js` with .env from .env.example serves no source", async () => {
    const envFile = envFileFromExample(productionValues());
    const server = spawnBuiltServer(
      {},
      { asDocumented: true, nodeArgs: [`--env-file=${envFile}`] },
    );
    servers.push(server);
    const baseUrl = await waitUntilListening(server, 80_000);

    expect(await statusOf(baseUrl, "/")).toBe(200);
    for (const pathname of SOURCE_PATHS) {
      expect({ pathname, status: await statusOf(baseUrl, pathname) }).toEqual({
        pathname,
        status: 404,
      });
    }
  }, 90_000);

  test("APP_ENV=production without NODE_ENV=production refuses to start, naming NODE_ENV", async () => {
    const envFile = envFileFromExample(productionValues(), ["NODE_ENV"]);
    const server = spawnBuiltServer(
      {},
      { asDocumented: true, nodeArgs: [`--env-file=${envFile}`] },
    );
    servers.push(server);

    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("NODE_ENV: must be production when APP_ENV=production");
  }, 90_000);

  test("a built server started with no NODE_ENV at all still serves no source", async () => {
    // A start outside production seeds the demo; its tiny stand-in photos and Greater Sydney's
    // suburbs make that seconds instead of most of a minute, and change nothing served here.
    const server = spawnBuiltServer(
      {
        APP_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        PAYMENTS_MODE: "test",
        DEMO_PHOTOS_DIR: standInDemoPhotosDir(),
        SUBURBS_CSV: greaterSydneySuburbsCsv(),
      },
      { asDocumented: true },
    );
    servers.push(server);
    const baseUrl = await waitUntilListening(server, 80_000);

    for (const pathname of SOURCE_PATHS) {
      expect({ pathname, status: await statusOf(baseUrl, pathname) }).toEqual({
        pathname,
        status: 404,
      });
    }
  }, 90_000);
});
