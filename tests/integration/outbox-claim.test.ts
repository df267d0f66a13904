import { CompiledQuery, sql } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { claimDueMessages, dueMessageIds } from "~/features/outbox/outbox.repository.server";
import { enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { createDatabase, type AppDatabase } from "~/server/db.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { startAutomationHost, type AutomationHost } from "../fakes/automation-host";
import {
  createClock,
  findAttempts,
  findMessage,
  silentLogger,
  testConfig,
} from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

async function enqueueMany(database: AppDatabase, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      await enqueueWebhook(database.db, {
        topic: "booking.confirmed",
        subjectType: "booking",
        subjectId: `booking-${i}`,
        body: { booking: { quoteId: `q-${i}` } },
        route: "production",
      }),
    );
  }
  return ids;
}

describe.each(testDialects)("claiming on %s", (dialect) => {
  let database: TestDatabase;
  let host: AutomationHost;
  const workers: Worker[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    host = await startAutomationHost();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await host.close();
    await database.destroy();
  });

  test("a lease held by a worker that died is reclaimed once it expires (at-least-once)", async () => {
    const clock = createClock();
    const [id] = await enqueueMany(database, 1);
    // A worker claims the message and dies before it records anything.
    const start = clock.now();
    const claimed = await claimDueMessages(database.db, dialect, {
      now: start.toISOString(),
      leaseUntil: new Date(start.getTime() + 60_000).toISOString(),
      workerId: "crashed-worker",
      limit: 10,
    });
    expect(claimed.map((row) => row.id)).toEqual([id]);

    const worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig({ WEBHOOK_PRODUCTION_URL: host.url() }),
      logger: silentLogger,
      poll: false,
      now: clock.now,
    });
    workers.push(worker);
    clock.advance(30_000);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(31_000);
    expect(await worker.runOnce()).toBe(1);
    expect(await findMessage(database.db, id!)).toMatchObject({
      status: "delivered",
      leased_by: null,
      lease_until: null,
    });
    expect(host.requests).toHaveLength(1);
  });

  test("a delivered message is never claimed again, and a leased one not before its lease ends", async () => {
    const ids = await enqueueMany(database, 3);
    const now = new Date().toISOString();
    const lease = new Date(Date.now() + 60_000).toISOString();
    const first = await claimDueMessages(database.db, dialect, {
      now,
      leaseUntil: lease,
      workerId: "a",
      limit: 2,
    });
    const second = await claimDueMessages(database.db, dialect, {
      now,
      leaseUntil: lease,
      workerId: "b",
      limit: 10,
    });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second].map((row) => row.id))).toEqual(new Set(ids));
  });

  test("the longest due are claimed first, pending or retrying, each status read in due order", async () => {
    const ids = await enqueueMany(database, 7);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const set = (id: string, patch: Record<string, string | null>) =>
      database.db.updateTable("outbox_messages").set(patch).where("id", "=", id).execute();
    const [pending5, retrying4, leased6, delivered9, dead8, retrying2, later] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await set(pending5, { next_attempt_at: at(5) });
    await set(retrying4, { status: "retrying", next_attempt_at: at(4) });
    await set(leased6, { next_attempt_at: at(6), leased_by: "other", lease_until: at(-1) });
    await set(delivered9, { status: "delivered", next_attempt_at: at(9) });
    await set(dead8, { status: "dead", next_attempt_at: at(8) });
    await set(retrying2, { status: "retrying", next_attempt_at: at(2) });
    await set(later, { next_attempt_at: at(-10) });

    const claim = (limit: number) =>
      claimDueMessages(database.db, dialect, {
        now: new Date().toISOString(),
        leaseUntil: at(-1),
        workerId: "a",
        limit,
      });
    expect((await claim(2)).map((row) => row.id).sort()).toEqual([pending5, retrying4].sort());
    expect((await claim(10)).map((row) => row.id)).toEqual([retrying2]);

    // However many wait, a claim reads each status in due order from the index, only as far as
    // it takes, rather than reading and sorting every waiting message.
    const query = dueMessageIds(database.db, dialect, new Date().toISOString(), 8).compile();
    const explain = CompiledQuery.raw(
      `${dialect === "sqlite" ? "explain query plan" : "explain"} ${query.sql}`,
      [...query.parameters],
    );
    const plan = await database.db.transaction().execute(async (trx) => {
      // A table of a few rows is read whole on PostgreSQL whatever its indexes; at size it is not.
      if (dialect === "postgres") await sql`set local enable_seqscan = off`.execute(trx);
      return JSON.stringify((await trx.executeQuery(explain)).rows);
    });
    expect(plan.match(/outbox_due_idx/g), "one index read per status").toHaveLength(2);
    expect(
      plan.match(/TEMP B-TREE|Sort Key/g),
      "one sort, of what the two reads return",
    ).toHaveLength(1);
  });
});

// PostgreSQL is where several app processes share one outbox.
describe.each(testDialects.filter((dialect) => dialect === "postgres"))(
  "several workers on %s",
  (dialect) => {
    let database: TestDatabase;
    let second: AppDatabase;
    let host: AutomationHost;
    const workers: Worker[] = [];

    beforeEach(async () => {
      database = await createTestDatabase(dialect);
      // A second pool on the same schema: another app process, as far as the database can tell.
      second = createDatabase(database.url, { schema: database.schema });
      host = await startAutomationHost();
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await host.close();
      await second.close();
      await database.destroy();
    });

    test("two workers share the work and never deliver one message twice at once", async () => {
      host.answer({ status: 200, delayMs: 100 });
      const ids = await enqueueMany(database, 24);
      const config = testConfig({ WEBHOOK_PRODUCTION_URL: host.url() });
      const make = (db: AppDatabase, name: string) =>
        startWorker({
          db: db.db,
          dialect,
          config,
          logger: silentLogger,
          poll: false,
          concurrency: 4,
          workerId: name,
        });
      const a = make(database, "worker-a");
      const b = make(second, "worker-b");
      workers.push(a, b);

      const drain = async (worker: Worker) => {
        let total = 0;
        for (let n = await worker.runOnce(); n > 0; n = await worker.runOnce()) total += n;
        return total;
      };
      const [byA, byB] = await Promise.all([drain(a), drain(b)]);

      expect(byA + byB).toBe(24);
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      const received = host.requests.map((r) => r.headers["webhook-id"]);
      expect(received).toHaveLength(24);
      expect(new Set(received)).toEqual(new Set(ids));
      for (const id of ids) {
        expect(await findMessage(database.db, id)).toMatchObject({
          status: "delivered",
          attempts: 1,
        });
        expect(await findAttempts(database.db, id)).toHaveLength(1);
      }
    });

    test("a row another transaction holds is skipped, not waited for (SKIP LOCKED)", async () => {
      const [locked, free] = await enqueueMany(database, 2);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query(`set search_path to ${database.schema}`);
        await client.query("begin");
        await client.query("select id from outbox_messages where id = $1 for update", [locked]);

        const worker = startWorker({
          db: database.db,
          dialect,
          config: testConfig({ WEBHOOK_PRODUCTION_URL: host.url() }),
          logger: silentLogger,
          poll: false,
        });
        workers.push(worker);
        // A worker that waited on the locked row would not return until the commit below.
        expect(await worker.runOnce()).toBe(1);
        expect(host.requests.map((r) => r.headers["webhook-id"])).toEqual([free]);
        expect((await findMessage(database.db, locked!)).status).toBe("pending");

        await client.query("commit");
        expect(await worker.runOnce()).toBe(1);
        expect((await findMessage(database.db, locked!)).status).toBe("delivered");
      } finally {
        await client.end();
      }
    });
  },
);
