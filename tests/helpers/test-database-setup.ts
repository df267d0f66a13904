import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  dropPostgresDatabases,
  makePostgresTemplate,
  makeSqliteTemplate,
  TEST_DATABASE_PREFIX,
} from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's migrated SQLite file, which every test copies */
    sqliteTemplate?: string;
    /** The run's migrated PostgreSQL database, every test's CREATE DATABASE … TEMPLATE */
    postgresTemplate?: string;
    /** The start of this run's test databases' names, so the run drops only its own */
    testDatabasePrefix?: string;
    /** The run's folder where the first test that asks makes the seeded data folder */
    seededFolderRoot?: string;
  }
}

/**
 * Vitest's global setup: migrates one template per dialect before any test file starts, so the
 * run migrates twice instead of twice per file (tests/helpers/test-database.ts), and removes them
 * and whatever test database a killed file left behind when the run ends. It also gives the run
 * an empty folder where the first test that starts a seeded server makes the seeded data folder
 * the others copy (tests/helpers/seeded-data-folder.ts).
 */
export default async function setup(project: TestProject) {
  const seededFolderRoot = mkdtempSync(path.join(os.tmpdir(), "hg-seeded-"));
  project.provide("seededFolderRoot", seededFolderRoot);
  const sqlite = await makeSqliteTemplate();
  project.provide("sqliteTemplate", sqlite.file);
  let postgres: string | undefined;
  const prefix = `${TEST_DATABASE_PREFIX}${process.pid}_`;
  if (process.env.TEST_DATABASE_URL) {
    postgres = await makePostgresTemplate();
    project.provide("postgresTemplate", postgres);
    project.provide("testDatabasePrefix", prefix);
  }
  return async () => {
    rmSync(seededFolderRoot, { recursive: true, force: true });
    sqlite.remove();
    if (postgres) {
      await dropPostgresDatabases(prefix);
      await dropPostgresDatabases(postgres);
    }
  };
}
