import type { ControlledTransaction, Kysely } from "kysely";
import type { Database } from "./database";

// Group commit (docs/decisions/0062-quote-posts-skip-routers-share-commits.md): writes that
// arrive together share one transaction, so one synchronous commit (one sync to disk) makes them
// all durable. Each write runs in a savepoint of its own: one that fails is undone alone and
// gets its own error, the others are kept. Every caller hears back only once the shared commit
// is done, so nobody is answered before their write is on disk.

/** Bounds a commit's size, so one long group never holds the connection for long. */
export const MOST_WRITES_PER_COMMIT = 32;

type Work<T> = (trx: Kysely<Database>) => Promise<T>;

type Waiting = {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

type Group = { waiting: Waiting[]; writing: boolean };

const groups = new WeakMap<Kysely<Database>, Group>();

async function settle(run: () => Promise<unknown>): Promise<Settled> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}

async function inSavepoint(
  trx: ControlledTransaction<Database>,
  name: string,
  work: Work<unknown>,
): Promise<Settled> {
  const marked = await trx.savepoint(name).execute();
  const settled = await settle(() => work(marked));
  if (settled.ok) await marked.releaseSavepoint(name).execute();
  else await marked.rollbackToSavepoint(name).execute();
  return settled;
}

/** Runs every write of the batch in one transaction; answers each once it is committed. */
async function writeBatch(db: Kysely<Database>, batch: Waiting[]) {
  if (batch.length === 1) {
    // Alone: a plain transaction, rolled back whole when the write throws, as without the group.
    const [only] = batch as [Waiting];
    return db.transaction().execute(only.work).then(only.resolve, only.reject);
  }
  const settled: Settled[] = [];
  let trx: ControlledTransaction<Database> | undefined;
  try {
    trx = await db.startTransaction().execute();
    for (const [index, item] of batch.entries()) {
      settled.push(await inSavepoint(trx, `shared_write_${index}`, item.work));
    }
    await trx.commit().execute();
  } catch {
    // The commit (or a savepoint) failed, so nothing of the batch was kept: each write is tried
    // again alone, and one that cannot be written does not hold back or repeat the others.
    await trx
      ?.rollback()
      .execute()
      .catch(() => {});
    for (const item of batch) {
      await db.transaction().execute(item.work).then(item.resolve, item.reject);
    }
    return;
  }
  batch.forEach((item, index) => {
    const outcome = settled[index]!;
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.error);
  });
}

/**
 * Runs `work` in a transaction that it may share with the writes that arrive in the same turn
 * of the event loop, or while an earlier shared commit is being written. Resolves with what
 * `work` returned once it is committed; rejects with what it threw, and then nothing it wrote
 * is kept. `work` must write only through `trx`, and may be run a second time (alone) if the
 * shared commit fails.
 */
export function inSharedTransaction<T>(db: Kysely<Database>, work: Work<T>): Promise<T> {
  let group = groups.get(db);
  if (!group) {
    group = { waiting: [], writing: false };
    groups.set(db, group);
  }
  const current = group;
  return new Promise<T>((resolve, reject) => {
    current.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (current.writing) return;
    current.writing = true;
    // The rest of this turn's writes join the first commit.
    setImmediate(() => void writeWaiting(db, current));
  });
}

async function writeWaiting(db: Kysely<Database>, group: Group) {
  try {
    while (group.waiting.length > 0) {
      const batch = group.waiting.splice(0, MOST_WRITES_PER_COMMIT);
      await writeBatch(db, batch);
    }
  } finally {
    group.writing = false;
  }
}
