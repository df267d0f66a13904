import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, expect, test } from "vitest";
import { ImmediateTransactionSqliteDialect } from "./sqlite-immediate-transactions.server";

let folder: string;
let file: string;
let db: Kysely<Record<string, never>>;
let otherProcess: SQLite.Database;

beforeEach(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), "hg-immediate-"));
  file = path.join(folder, "app.db");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  db = new Kysely({ dialect: new ImmediateTransactionSqliteDialect({ database: sqlite }) });
  await sql`create table seats (id integer primary key, taken integer not null)`.execute(db);
  await sql`insert into seats (id, taken) values (1, 0)`.execute(db);
  // Another connection to the same file stands for another process (a second server, a script).
  otherProcess = new SQLite(file);
  otherProcess.pragma("busy_timeout = 0");
});

afterEach(async () => {
  otherProcess.close();
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

test("a transaction that reads and then writes is not failed by another writer in between", async () => {
  let otherWrite: unknown = null;
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ taken: number }>`select taken from seats where id = 1`.execute(
      trx,
    );
    try {
      otherProcess.prepare("update seats set taken = taken + 10 where id = 1").run();
    } catch (error) {
      otherWrite = error;
    }
    await sql`update seats set taken = ${rows[0]!.taken + 1} where id = 1`.execute(trx);
  });
  // The other writer waited its turn (here: gave up at once) instead of making this one fail.
  expect(otherWrite).toMatchObject({ code: "SQLITE_BUSY" });
  const { rows } = await sql<{ taken: number }>`select taken from seats where id = 1`.execute(db);
  expect(rows[0]!.taken).toBe(1);
});

test("once the transaction ends, the other writer gets the lock", async () => {
  await db.transaction().execute(async (trx) => {
    await sql`update seats set taken = 1 where id = 1`.execute(trx);
  });
  otherProcess.prepare("update seats set taken = taken + 10 where id = 1").run();
  const { rows } = await sql<{ taken: number }>`select taken from seats where id = 1`.execute(db);
  expect(rows[0]!.taken).toBe(11);
});
