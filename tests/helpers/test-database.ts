import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { inject, type ProvidedContext } from "vitest";
import {
  createDatabase,
  migrateToLatest,
  type AppDatabase,
  type Dialect,
} from "~/server/db.server";

/**
 * The dialects integration tests run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL
 * is set (a configuration choice, like CI's, not a skipped test).
 */
export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

export type TestDatabase = AppDatabase & {
  /** SQLite file path or PostgreSQL database name, for tests that open a second connection */
  location: string;
  /** What createDatabase takes to open it again: the SQLite path, or the database's URL */
  url: string;
  /** PostgreSQL: the schema the tables are in ("public" of the test's own database) */
  schema?: string;
  /** Closes the connection and removes the file or database */
  destroy: () => Promise<void>;
};

// Migrating takes most of a test database's making (about a second on SQLite and three on
// PostgreSQL on a loaded 2-core machine). Vitest runs every test file in a process of its own, so
// a template per process would still be migrated once per file: the run's global setup
// (tests/helpers/test-database-setup.ts) migrates one template per dialect before any file starts
// and hands its location to every file; each test gets a copy of it (a file copy on SQLite,
// CREATE DATABASE … TEMPLATE on PostgreSQL). A file run outside that setup makes its own.

let sqliteTemplate: Promise<string> | undefined;
let postgresTemplate: Promise<string> | undefined;

/** Makes a migrated SQLite file in a folder of its own; `remove` deletes the folder. */
export async function makeSqliteTemplate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-test-template-"));
  const file = path.join(dir, "template.db");
  const template = createDatabase(file);
  await migrateToLatest(template.db);
  // Closing the last connection checkpoints the WAL into the file: the file alone is whole.
  await template.close();
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The run's migrated SQLite file, or this process's own made at its first use. */
function sqliteTemplateFile() {
  sqliteTemplate ??= (async () => {
    const shared = providedTemplates().sqliteTemplate;
    if (shared) return shared;
    const { file, remove } = await makeSqliteTemplate();
    process.once("exit", remove);
    return file;
  })();
  return sqliteTemplate;
}

/** What the run's global setup provided; nothing when the file runs without it. */
function providedTemplates(): Partial<ProvidedContext> {
  try {
    return {
      sqliteTemplate: inject("sqliteTemplate"),
      postgresTemplate: inject("postgresTemplate"),
      testDatabasePrefix: inject("testDatabasePrefix"),
    };
  } catch {
    return {};
  }
}

/** The URL of database `name` on the test server. */
function postgresUrl(name: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const TEMPLATE_PREFIX = "hg_tpl_";
/** Every test's PostgreSQL database is named with this prefix (and the run's id, in a run). */
export const TEST_DATABASE_PREFIX = "hg_test_";

/**
 * Makes a migrated PostgreSQL template database, named after this process's id. Templates of
 * processes that are gone (a run that was killed) are dropped first.
 */
export async function makePostgresTemplate() {
  const name = `${TEMPLATE_PREFIX}${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${TEMPLATE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split("_")[0]);
      if (isRunning(pid)) continue;
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.query(`create database ${name}`);
  });
  const template = createDatabase(postgresUrl(name));
  await migrateToLatest(template.db);
  await template.close();
  return name;
}

/** Drops the PostgreSQL databases whose names start with `prefix` (a template, a run's copies). */
export async function dropPostgresDatabases(prefix: string) {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  });
}

/** The run's migrated PostgreSQL template, or this process's own made at its first use. */
function postgresTemplateName() {
  postgresTemplate ??= (async () => {
    const shared = providedTemplates().postgresTemplate;
    if (shared) return shared;
    return makePostgresTemplate();
  })();
  return postgresTemplate;
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Connects before the test starts. Kysely opens its connection at the first query, and destroying
 * it before then does nothing: a test that closes its database to see a failure would otherwise
 * find it still open.
 */
async function opened(database: AppDatabase) {
  await sql`select 1`.execute(database.db);
  return database;
}

export type TestDatabaseSource = {
  /** PostgreSQL: the database to copy instead of the run's migrated template (a seeded one) */
  postgresTemplate?: string;
  /** SQLite: a file to open instead of a copy of the template; destroy closes it, its owner removes it */
  sqliteFile?: string;
};

/** A fresh, migrated database of its own: a copy of this worker's SQLite or PostgreSQL template. */
export async function createTestDatabase(
  dialect: Dialect,
  source: TestDatabaseSource = {},
): Promise<TestDatabase> {
  if (dialect === "postgres") {
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
    const template = source.postgresTemplate ?? (await postgresTemplateName());
    const runPrefix = providedTemplates().testDatabasePrefix;
    const inRun = runPrefix !== undefined;
    const prefix = runPrefix ?? TEST_DATABASE_PREFIX;
    const name = `${prefix}${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await withAdmin((admin) => admin.query(`create database ${name} template ${template}`));
    const url = postgresUrl(name);
    const database = await opened(createDatabase(url));
    return {
      ...database,
      location: name,
      url,
      schema: "public",
      destroy: async () => {
        await database.close();
        const dropped = withAdmin((admin) =>
          admin.query(`drop database if exists ${name} with (force)`),
        );
        // In a run, the drop (up to seconds: PostgreSQL syncs it to disk) goes on while the next
        // test starts; one a file's end cuts short is dropped by the run's teardown.
        if (inRun) dropped.catch(() => {});
        else await dropped;
      },
    };
  }
  if (source.sqliteFile) {
    const database = await opened(createDatabase(source.sqliteFile));
    const file = source.sqliteFile;
    return { ...database, location: file, url: file, destroy: () => database.close() };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-test-db-"));
  const file = path.join(dir, "app.db");
  copyFileSync(await sqliteTemplateFile(), file);
  const database = await opened(createDatabase(file));
  return {
    ...database,
    location: file,
    url: file,
    destroy: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Kysely's PostgreSQL introspection (which its migrator uses) reads every schema of the database
// and fails with "schema … does not exist" when another test file drops its schema at that very
// moment. Test files run in parallel processes, so creating, migrating and dropping test schemas
// take turns under one advisory lock. Production never drops schemas, so it needs none of this.
const SCHEMA_LOCK_KEY = 20_261_122;

/** Runs `work` while holding the test-schema lock (PostgreSQL); the admin connection is lent. */
export async function withSchemaLock<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [SCHEMA_LOCK_KEY]);
    return await work(admin);
  } finally {
    // Ending the session releases the lock, also when `work` failed.
    await admin.end();
  }
}

/** Drops a test schema and everything in it, taking turns with the other test files. */
export async function dropTestSchema(schema: string) {
  await withSchemaLock((admin) => admin.query(`drop schema if exists ${schema} cascade`));
}
