import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { Dialect } from "~/server/db.server";
import { spawnBuiltServer, waitUntilListening, type ServerProcess } from "./server-process";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { until } from "./until";

// A built server's first start on an empty database migrates it, loads the suburbs and seeds
// the demo business: half its start (3.8 s, against 2 s for a start on a copy of a seeded
// folder, at load 7 to 8; docs/testing.md#where-ci-time-goes). Tests that only need "a server with the demo business" start on a copy of
// a seeded data folder (and, on PostgreSQL, a seeded template database) that the run makes once
// per dialect, the first time a test asks for it: a run of files that start no server pays
// nothing. The seeding server is stopped with SIGTERM at its "listening" line: what its start's
// jobs had not done yet, each copy's start does, as a fresh start would. Tests of the first
// start itself (data-folder, documented-start), production starts, S3 and servers given secrets
// of their own (the seeded rows are encrypted with the folder's) keep empty databases.

const STARTUP_MS = 90_000;

/** A seeded data folder, and on PostgreSQL the seeded database that goes with its secrets. */
type SeededKit = { folder: string; postgresTemplate?: string };

function seededFolderRoot() {
  try {
    return inject("seededFolderRoot");
  } catch {
    return undefined;
  }
}

/** Starts a server in `dir` with the spawn helper's defaults, and stops it once it listens. */
async function seedInto(dir: string, env: Record<string, string>) {
  // Not cleanUp at the end: that would remove the folder.
  const server = spawnBuiltServer(env, { dataDir: dir });
  try {
    await waitUntilListening(server, STARTUP_MS);
  } catch (error) {
    server.child.kill("SIGKILL");
    throw error;
  }
  server.child.kill("SIGTERM");
  const code = await server.exited;
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output()}`);
}

const TEMPLATE_FILE = "postgres-template.txt";

/** Seeds `work` (and on PostgreSQL a database of the run's, which its teardown drops). */
async function makeKit(dialect: Dialect, work: string) {
  if (dialect === "sqlite") return seedInto(work, {});
  const database = await createTestDatabase("postgres");
  // A template takes no connections while it is copied: only the seeding server's, then none.
  await database.close();
  mkdirSync(work);
  writeFileSync(path.join(work, TEMPLATE_FILE), database.location);
  await seedInto(work, { DATABASE_URL: database.url });
}

/**
 * The run's seeded kit for `dialect`, made by whichever test asks first (the others wait for
 * it); undefined outside a Vitest run with the global setup.
 */
async function runSeededKit(dialect: Dialect): Promise<SeededKit | undefined> {
  const root = seededFolderRoot();
  if (!root) return undefined;
  const ready = path.join(root, `${dialect}-seeded`);
  const failed = path.join(root, `${dialect}-failed`);
  let maker = false;
  try {
    mkdirSync(path.join(root, `${dialect}-making`));
    maker = true;
  } catch {
    // Another test file is making it.
  }
  if (maker) {
    const work = path.join(root, `${dialect}-work`);
    try {
      await makeKit(dialect, work);
      // A rename is atomic: a waiting file sees no folder or a whole one.
      renameSync(work, ready);
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  }
  await until(() => existsSync(ready) || existsSync(failed), {
    timeout: STARTUP_MS,
    interval: 100,
  });
  if (!existsSync(ready)) {
    throw new Error(`making the seeded data folder failed:\n${readFileSync(failed, "utf8")}`);
  }
  const templateFile = path.join(ready, TEMPLATE_FILE);
  return {
    folder: ready,
    postgresTemplate: existsSync(templateFile) ? readFileSync(templateFile, "utf8") : undefined,
  };
}

/**
 * Makes (or waits for) the run's seeded data folder: a file whose tests start servers in their
 * bodies calls it in beforeAll, so a test's own time limit never pays for the seeding.
 */
export async function prepareSeededDataFolder(dialect: Dialect = "sqlite") {
  await runSeededKit(dialect);
}

/** A new data folder: a copy of the kit's, or empty outside a run. */
function dataFolderFrom(kit: SeededKit | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-server-"));
  if (kit) cpSync(kit.folder, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the built server (as spawnBuiltServer) on a copy of the run's seeded data folder: its
 * SQLite database migrated and holding the demo business, its secrets, demo logins and demo
 * images. Outside a run the folder starts empty and the server seeds it itself.
 */
export async function spawnSeededServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  return spawnBuiltServer(env, { dataDir: dataFolderFrom(await runSeededKit("sqlite")) });
}

/**
 * Starts the built server on `dialect` with the demo business already seeded, and a second
 * connection to its database for the test: on SQLite the copied folder's file, on PostgreSQL
 * a copy of the run's seeded database (with the folder whose secrets encrypted it).
 */
export async function spawnSeededServerOn(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; database: TestDatabase }> {
  const kit = await runSeededKit(dialect);
  const dataDir = dataFolderFrom(kit);
  const database = await createTestDatabase(dialect, {
    postgresTemplate: kit?.postgresTemplate,
    sqliteFile: dialect === "sqlite" ? path.join(dataDir, "app.db") : undefined,
  });
  const server = spawnBuiltServer({ ...env, DATABASE_URL: database.url }, { dataDir });
  return { server, database };
}
