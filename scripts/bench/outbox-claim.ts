// npm run bench:outbox-claim [-- --only sqlite|postgres] [--waiting 1000,30000] [--claims 100]
//
// What one claim of the outbox worker costs as messages pile up (after a burst of quotes, or
// while the mail service is down): on a fresh SQLite file and a fresh PostgreSQL database, for
// each backlog size, it stores that many waiting messages (one in ten already delivered, the
// hundred longest due leased by another worker), then claims 8 at a time as the worker does and
// marks each claim delivered, and prints the mean time of a claim (its statement and commit).
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { claimDueMessages } from "~/features/outbox/outbox.repository.server";
import type { NewOutboxMessage } from "~/server/database";
import { loadAverage, onEachDatabase, type FreshDatabase } from "./fresh-databases";

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    waiting: { type: "string", default: "1000,30000" },
    claims: { type: "string", default: "100" },
  },
});
const backlogs = args.waiting.split(",").map(Number);
const claims = Number(args.claims);
const BATCH = 8;

async function seed(fresh: FreshDatabase, count: number) {
  const { database } = fresh;
  await database.db.deleteFrom("outbox_messages").execute();
  const oldest = Date.now() - 60_000;
  const leasedUntil = new Date(Date.now() + 60_000).toISOString();
  const rows: NewOutboxMessage[] = Array.from({ length: count }, (_, i) => {
    const at = new Date(oldest + i).toISOString();
    return {
      id: `bench-${i}`,
      kind: "email",
      topic: "bench.claim",
      subject_type: null,
      subject_id: null,
      payload: "{}",
      status: i % 10 === 0 ? "delivered" : i % 3 === 0 ? "retrying" : "pending",
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
      lease_until: i < 100 ? leasedUntil : null,
      leased_by: i < 100 ? "another-worker" : null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await database.db
      .insertInto("outbox_messages")
      .values(rows.slice(i, i + 500))
      .execute();
  }
  // PostgreSQL's autovacuum gathers statistics after a burst like this; SQLite keeps none, as the
  // app never runs ANALYZE there.
  if (fresh.database.dialect === "postgres")
    await sql`analyze outbox_messages`.execute(fresh.database.db);
}

async function claimCost(fresh: FreshDatabase, count: number) {
  await seed(fresh, count);
  const { db, dialect } = fresh.database;
  let spent = 0;
  for (let i = 0; i < claims; i += 1) {
    const now = new Date();
    const started = performance.now();
    const claimed = await claimDueMessages(db, dialect, {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + 60_000).toISOString(),
      workerId: "bench-worker",
      limit: BATCH,
    });
    spent += performance.now() - started;
    if (claimed.length === 0) throw new Error("nothing left to claim: use fewer --claims");
    await db
      .updateTable("outbox_messages")
      .set({ status: "delivered", lease_until: null, leased_by: null })
      .where(
        "id",
        "in",
        claimed.map((message) => message.id),
      )
      .execute();
  }
  return spent / claims;
}

console.log(`Outbox claims of ${BATCH}, ${claims} each, load average ${await loadAverage()}`);
await onEachDatabase("outbox_claim", args.only, async (fresh) => {
  for (const count of backlogs) {
    const mean = await claimCost(fresh, count);
    console.log(
      `${fresh.name.padEnd(10)} ${String(count).padStart(7)} waiting  ${mean.toFixed(2)} ms a claim`,
    );
  }
});
console.log(`load average at the end ${await loadAverage()}`);
