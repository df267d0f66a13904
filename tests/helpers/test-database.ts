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
    await adminQuery(url, `create schema ${schema}`);
    const database = createDatabase(url, { schema });
    await migrateToLatest(database.db);
    return {
      ...database,
      location: schema,
      url,
      schema,
      destroy: async () => {
        await database.close();
        await adminQuery(url, `drop schema if exists ${schema} cascade`);
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

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
