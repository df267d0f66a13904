import path from "node:path";
import { mkdirSync } from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./database";
import {
  BACKSTOP_AUTOCHECKPOINT_PAGES,
  startSqliteCheckpointer,
} from "./sqlite-checkpointer.server";
import { migrations } from "./migrations";
import { ImmediateTransactionSqliteDialect } from "./sqlite-immediate-transactions.server";
import { cachingStatements } from "./sqlite-statement-cache.server";

export type Dialect = "sqlite" | "postgres";

export type AppDatabase = {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
  /**
   * SQLite only: the connection itself, for the per-request reads of the fast lane (a prepared
   * statement, no query builder; fast-lane.server.ts). Everything else goes through `db`.
   */
  sqlite?: SQLite.Database;
};

// pg returns bigint (sums, counts) and numeric (averages) as strings; every amount we keep is
// integer cents far below 2^53, so numbers are safe and keep both dialects alike for callers.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//.test(url);
}

type Options = {
  /** PostgreSQL only: the schema to work in (tests give each run its own). */
  schema?: string;
  /**
   * SQLite only: checkpoint the WAL from a background thread rather than on the connection that
   * serves requests (the server turns this on; scripts and tests need not).
   */
  backgroundCheckpoints?: boolean;
};

/** Opens the database that `url` names: a postgres:// URL, otherwise an SQLite file path. */
export function createDatabase(url: string, options: Options = {}): AppDatabase {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle connection that the server drops (restart, failover, network cut) is reported
    // here; unhandled, it would crash the process. The pool replaces it on the next query, and
    // /healthz reports the outage meanwhile.
    pool.on("error", () => {});
    // The same for a connection that is checked out between two queries (Kysely holds one for a
    // transaction): its query in flight fails on its own, and the pool discards the connection.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }

  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL: a record we acknowledged survives a power cut, not only a process crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // A 64 MiB page cache (SQLite's default is 16 MB; it only fills as a database that big is
  // read). A lead search that matches a few thousand leads probes as many index and table pages;
  // at ten times the business's data they no longer fit in 16 MB and every probe was read again
  // through the OS (docs/benchmarks.md, "Admin lists at 10× data").
  sqlite.pragma("cache_size = -65536");
  const checkpointer =
    options.backgroundCheckpoints && file !== ":memory:" ? startSqliteCheckpointer(file) : null;
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
  // Each SQL text prepared once (sqlite-statement-cache.server.ts).
  const db = new Kysely<Database>({
    dialect: new ImmediateTransactionSqliteDialect({ database: cachingStatements(sqlite) }),
  });
  return {
    db,
    dialect: "sqlite",
    sqlite,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** Brings the schema up to date; migrations are a static list so bundles need no folder scan. */
export async function migrateToLatest(db: Kysely<Database>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema unless told which: with several
    // schemas in one database (each test run has its own) it would find another's and skip
    // creating its own.
    migrationTableSchema: await currentPostgresSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return results?.filter((result) => result.status === "Success").map((r) => r.migrationName) ?? [];
}

/** The schema PostgreSQL writes to (the first of the search path); undefined on SQLite. */
async function currentPostgresSchema(db: Kysely<Database>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * The health check's question for every request: on SQLite a prepared `select 1` (Kysely
 * prepares each query anew, which a /healthz profile showed as most of the answer's cost).
 */
export function databaseReachableCheck(database: AppDatabase): () => Promise<boolean> {
  const { sqlite } = database;
  if (!sqlite) return () => isDatabaseReachable(database.db);
  const probe = sqlite.prepare("select 1");
  return () => {
    try {
      probe.get();
      return Promise.resolve(true);
    } catch {
      return Promise.resolve(false);
    }
  };
}

/** True when the database answers a trivial query. */
async function isDatabaseReachable(db: Kysely<Database>) {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
