import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../tests/helpers/test-database";
import type { Database } from "./database";
import { createDatabase } from "./db.server";
import { inSharedTransaction } from "./shared-transaction.server";

// Writes that arrive together share one commit; each is still kept whole or not at all, and
// its caller hears back only after the commit.

describe.each(testDialects)("shared transactions on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    // A parent checked at commit, not at the insert: a way to make one commit fail.
    await sql`create table shared_notes (
      id text primary key,
      parent text references shared_notes (id) deferrable initially deferred
    )`.execute(database.db);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const insertNote = (trx: Kysely<Database>, id: string, parent: string | null = null) =>
    sql`insert into shared_notes (id, parent) values (${id}, ${parent})`.execute(trx);

  async function storedIds() {
    const { rows } = await sql<{ id: string }>`select id from shared_notes order by id`.execute(
      database.db,
    );
    return rows.map((row) => row.id);
  }

  test("writes sent in the same turn share one commit, and each answers with its own value", async () => {
    const other = createDatabase(database.url);
    try {
      // Alone, each write would be committed before the next began; shared, none is yet.
      const committedBefore: number[] = [];
      const answers = await Promise.all(
        ["a", "b", "c"].map((id) =>
          inSharedTransaction(database.db, async (trx) => {
            const { rows } = await sql<{
              count: number;
            }>`select count(*) as count from shared_notes`.execute(other.db);
            committedBefore.push(Number(rows[0]!.count));
            await insertNote(trx, id);
            return `stored ${id}`;
          }),
        ),
      );
      expect(answers).toEqual(["stored a", "stored b", "stored c"]);
      expect(committedBefore).toEqual([0, 0, 0]);
      expect(await storedIds()).toEqual(["a", "b", "c"]);
    } finally {
      await other.close();
    }
  });

  test("a write that throws is undone alone and gets its own error; the others are kept", async () => {
    const outcomes = await Promise.allSettled([
      inSharedTransaction(database.db, (trx) => insertNote(trx, "a")),
      inSharedTransaction(database.db, async (trx) => {
        await insertNote(trx, "b");
        throw new Error("b changed its mind");
      }),
      // A constraint refused mid-transaction: the same primary key as the first.
      inSharedTransaction(database.db, (trx) => insertNote(trx, "a")),
      inSharedTransaction(database.db, (trx) => insertNote(trx, "d")),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error("b changed its mind"));
    expect(await storedIds()).toEqual(["a", "d"]);
  });

  test("when the shared commit fails, each write is tried alone: only the one at fault fails", async () => {
    const outcomes = await Promise.allSettled([
      inSharedTransaction(database.db, (trx) => insertNote(trx, "a")),
      // Its parent never exists: refused only when the transaction commits.
      inSharedTransaction(database.db, (trx) => insertNote(trx, "orphan", "nobody")),
      inSharedTransaction(database.db, (trx) => insertNote(trx, "c")),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(await storedIds()).toEqual(["a", "c"]);
  });

  test("a caller is answered once its write is committed: another connection sees it", async () => {
    const other = createDatabase(database.url);
    try {
      const seenByOther = await Promise.all(
        ["a", "b"].map((id) =>
          inSharedTransaction(database.db, (trx) => insertNote(trx, id)).then(async () => {
            const { rows } = await sql<{
              id: string;
            }>`select id from shared_notes where id = ${id}`.execute(other.db);
            return rows.length;
          }),
        ),
      );
      expect(seenByOther).toEqual([1, 1]);
    } finally {
      await other.close();
    }
  });

  test("a write sent alone runs in a transaction of its own, rolled back whole when it throws", async () => {
    await expect(
      inSharedTransaction(database.db, async (trx) => {
        await insertNote(trx, "a");
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    await inSharedTransaction(database.db, (trx) => insertNote(trx, "b"));
    expect(await storedIds()).toEqual(["b"]);
  });
});
