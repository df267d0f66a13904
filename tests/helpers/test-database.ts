import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
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
  /** SQLite file path or PostgreSQL schema, for tests that open a second connection */
  location: string;
  url: string;
  schema?: string;
  /** Closes the connection and removes the file or schema */
  destroy: () => Promise<void>;
};

/** A fresh, migrated database of its own: a temporary SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    const schema = `test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const database = createDatabase(url, { schema });
    await withSchemaLock(async (admin) => {
      await admin.query(`create schema ${schema}`);
      await migrateToLatest(database.db);
    });
    return {
      ...database,
      location: schema,
      url,
      schema,
      destroy: async () => {
        await database.close();
        await dropTestSchema(schema);
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "hg-test-db-"));
  const file = path.join(dir, "app.db");
  const database = createDatabase(file);
  await migrateToLatest(database.db);
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

/**
 * Runs `work`, which changes the schema of a test database (a rename to make a write fail, say),
 * in turn with the other test files on PostgreSQL, as creating and dropping schemas do.
 */
export async function withTestSchemaChange<T>(database: TestDatabase, work: () => Promise<T>) {
  if (!database.schema) return work();
  return withSchemaLock(work);
}

/** Drops a test schema and everything in it, taking turns with the other test files. */
export async function dropTestSchema(schema: string) {
  await withSchemaLock((admin) => admin.query(`drop schema if exists ${schema} cascade`));
}
