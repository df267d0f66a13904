// Throwaway databases for the benchmarks that seed their own rows: a migrated SQLite file in a
// folder of its own, or a migrated PostgreSQL database made beside the one TEST_DATABASE_URL
// names (default postgres://postgres@127.0.0.1:5432/test). Both are removed after the work,
// whatever it throws; only the database made here is ever dropped.
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, migrateToLatest, type AppDatabase } from "~/server/db.server";
import { postgresDialect, sqliteDialect, type Dialect } from "../../tests/helpers/sql-dialects";

/** What a benchmark is handed: the open database, its URL (for child processes), its SQL dialect. */
export type FreshDatabase = { name: string; database: AppDatabase; url: string; d: Dialect };

export const loadAverage = async () =>
  (await readFile("/proc/loadavg", "utf8").catch(() => "n/a")).split(" ").slice(0, 3).join(" ");

export async function withFreshSqlite<T>(
  label: string,
  work: (fresh: FreshDatabase) => Promise<T>,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `hg-bench-${label}-`));
  const url = path.join(dir, "bench.db");
  const database = createDatabase(url);
  try {
    await migrateToLatest(database.db);
    return await work({ name: "SQLite", database, url, d: sqliteDialect });
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function withFreshPostgres<T>(
  label: string,
  work: (fresh: FreshDatabase) => Promise<T>,
) {
  const server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `hg_bench_${label}_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const database = createDatabase(url.toString());
    try {
      await migrateToLatest(database.db);
      return await work({ name: "PostgreSQL", database, url: url.toString(), d: postgresDialect });
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Runs `work` on SQLite, then on PostgreSQL, unless `only` names one of them. */
export async function onEachDatabase<T>(
  label: string,
  only: string | undefined,
  work: (fresh: FreshDatabase) => Promise<T>,
) {
  const results: T[] = [];
  if (only !== "postgres") results.push(await withFreshSqlite(label, work));
  if (only !== "sqlite") results.push(await withFreshPostgres(label, work));
  return results;
}

/** Seconds `work` took, with its answer. */
export async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}
