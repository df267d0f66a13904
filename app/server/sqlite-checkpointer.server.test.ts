import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createDatabase, type AppDatabase } from "./db.server";
import { until } from "../../tests/helpers/until";

let dir = "";
let database: AppDatabase | null = null;

afterEach(async () => {
  await database?.close();
  database = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function fill(db: AppDatabase["db"]) {
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  const body = "x".repeat(1000);
  for (let i = 0; i < 500; i++) await sql`insert into notes (body) values (${body})`.execute(db);
}

test("with background checkpoints, committed pages reach the database file without the serving connection checkpointing", async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "hg-checkpoint-"));
  const file = path.join(dir, "app.db");
  database = createDatabase(file, { backgroundCheckpoints: true });
  await fill(database.db);

  // 500 KB committed: far below the serving connection's backstop threshold (about 40 MB), so
  // only the background thread can have copied the log into the database file.
  await until(() => statSync(file).size > 400_000, { timeout: 10_000, interval: 50 });
  const [row] = (await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db))
    .rows;
  expect(Number(row!.n)).toBe(500);
});

test("close() stops the checkpointer and the data stays readable from a new connection", async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "hg-checkpoint-"));
  const file = path.join(dir, "app.db");
  const first = createDatabase(file, { backgroundCheckpoints: true });
  await fill(first.db);
  await first.close();

  database = createDatabase(file);
  const [row] = (await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db))
    .rows;
  expect(Number(row!.n)).toBe(500);
});
