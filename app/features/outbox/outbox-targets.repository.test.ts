import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { findLastDeliveredAt, findTargetsTriedSince } from "./outbox.repository.server";

// The delivery banner's two reads of every try (docs/decisions/0008-webhook-outbox.md): which
// targets were tried lately, and when each last took a delivery. Both read a few index entries
// per target, whatever the number of tries (docs/benchmarks.md, "Admin lists at 10× data").

const HOOK = "https://hooks.example/prod";
const SMTP = "smtp";
const FILE = "file";
const JOB = "job:assignment.expiry";

type Try = { target: string; at: string; outcome: "delivered" | "failed" | "skipped" };

describe.each(testDialects)("the outbox's targets on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.close();
  });

  async function record(tries: Try[]) {
    const at = "2026-11-20T00:00:00.000Z";
    await database.db
      .insertInto("outbox_messages")
      .values({
        id: "message",
        kind: "webhook",
        topic: "quote.created",
        payload: "{}",
        status: "delivered",
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await database.db
      .insertInto("outbox_attempts")
      .values(
        tries.map((t, n) => ({
          id: `try-${n}`,
          message_id: "message",
          attempt_number: n + 1,
          attempted_at: t.at,
          target: t.target,
          outcome: t.outcome,
          duration_ms: 5,
        })),
      )
      .execute();
  }

  test("each target tried since a moment is named once; skipped and older tries are not", async () => {
    await record([
      { target: SMTP, at: "2026-11-25T01:00:00.000Z", outcome: "delivered" },
      { target: HOOK, at: "2026-11-24T00:00:00.000Z", outcome: "failed" },
      { target: HOOK, at: "2026-11-25T02:00:00.000Z", outcome: "delivered" },
      { target: SMTP, at: "2026-11-25T03:00:00.000Z", outcome: "failed" },
      // Only before the window, and only skipped within it.
      { target: FILE, at: "2026-11-20T00:00:00.000Z", outcome: "delivered" },
      { target: JOB, at: "2026-11-25T04:00:00.000Z", outcome: "skipped" },
    ]);

    expect(await findTargetsTriedSince(database.db, "2026-11-25T00:00:00.000Z")).toEqual([
      HOOK,
      SMTP,
    ]);
    expect(await findTargetsTriedSince(database.db, "2026-11-26T00:00:00.000Z")).toEqual([]);
  });

  test("the last delivery to each target, and none for a target never delivered to", async () => {
    await record([
      { target: HOOK, at: "2026-11-24T00:00:00.000Z", outcome: "delivered" },
      { target: HOOK, at: "2026-11-25T00:00:00.000Z", outcome: "delivered" },
      { target: HOOK, at: "2026-11-26T00:00:00.000Z", outcome: "failed" },
      { target: SMTP, at: "2026-11-25T00:00:00.000Z", outcome: "failed" },
      { target: JOB, at: "2026-11-25T00:00:00.000Z", outcome: "skipped" },
    ]);

    const delivered = await findLastDeliveredAt(database.db, [HOOK, SMTP, JOB, HOOK]);

    expect([...delivered]).toEqual([[HOOK, "2026-11-25T00:00:00.000Z"]]);
    expect(await findLastDeliveredAt(database.db, [])).toEqual(new Map());
  });
});
