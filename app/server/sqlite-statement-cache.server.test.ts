import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, expect, test, vi } from "vitest";
import { cachingStatements } from "./sqlite-statement-cache.server";

let db: Kysely<Record<string, never>> | null = null;

afterEach(async () => {
  await db?.destroy();
  db = null;
});

function open(capacity?: number) {
  const sqlite = new SQLite(":memory:");
  const prepare = vi.spyOn(sqlite, "prepare");
  const cache = cachingStatements(sqlite, capacity);
  db = new Kysely({ dialect: new SqliteDialect({ database: cache }) });
  return { db, prepare, cache };
}

const preparedTexts = (prepare: ReturnType<typeof open>["prepare"], text: string) =>
  prepare.mock.calls.filter(([sqlText]) => sqlText === text).length;

test("a query run many times is prepared once and answers each time with its own values", async () => {
  const { db, prepare } = open();
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  for (let i = 1; i <= 5; i++)
    await sql`insert into notes (body) values (${`note ${i}`})`.execute(db);
  const bodies = [];
  for (let id = 1; id <= 5; id++) {
    const { rows } = await sql<{ body: string }>`select body from notes where id = ${id}`.execute(
      db,
    );
    bodies.push(rows[0]?.body);
  }
  expect(bodies).toEqual(["note 1", "note 2", "note 3", "note 4", "note 5"]);
  expect(preparedTexts(prepare, "insert into notes (body) values (?)")).toBe(1);
  expect(preparedTexts(prepare, "select body from notes where id = ?")).toBe(1);
});

test("it keeps at most its capacity, dropping the statement used least recently", async () => {
  const { db, prepare, cache } = open(2);
  const one = () => sql`select 1 as n`.execute(db);
  const two = () => sql`select 2 as n`.execute(db);
  const three = () => sql`select 3 as n`.execute(db);
  await one();
  await two();
  await one(); // now "select 2" is the least recently used
  await three();
  expect(cache.size).toBe(2);
  await one();
  await two();
  expect(preparedTexts(prepare, "select 1 as n")).toBe(1);
  expect(preparedTexts(prepare, "select 2 as n")).toBe(2);
});

test("the same SQL asked for while a stream of it is still being read gets its rows too", () => {
  const sqlite = new SQLite(":memory:");
  const cache = cachingStatements(sqlite);
  sqlite.exec("create table notes (id integer primary key); insert into notes values (1), (2);");
  const streamed: unknown[] = [];
  const alongside: unknown[] = [];
  for (const row of cache.prepare("select id from notes").iterate([])) {
    streamed.push(row);
    alongside.push(cache.prepare("select id from notes").all([]).length);
  }
  cache.close();
  expect(streamed).toEqual([{ id: 1 }, { id: 2 }]);
  expect(alongside).toEqual([2, 2]);
});

test("a kept statement sees a column a migration added since it was prepared", async () => {
  const { db } = open();
  await sql`create table notes (id integer primary key)`.execute(db);
  await sql`insert into notes (id) values (1)`.execute(db);
  const before = await sql`select * from notes`.execute(db);
  expect(before.rows).toEqual([{ id: 1 }]);
  await sql`alter table notes add column body text not null default 'kept'`.execute(db);
  const after = await sql`select * from notes`.execute(db);
  expect(after.rows).toEqual([{ id: 1, body: "kept" }]);
});
