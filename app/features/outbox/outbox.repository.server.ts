import { sql, type Kysely } from "kysely";
import type {
  Database,
  NewOutboxAttempt,
  NewOutboxMessage,
  OutboxAttemptRow,
  OutboxKind,
  OutboxMessageRow,
  OutboxStatus,
} from "~/server/database";
import type { Dialect } from "~/server/db.server";
import { SavedStringSchema } from "~/features/settings/setting-keys";
import { parseJsonColumn } from "~/lib/json-column";
import { parseStoredPayload, type StoredPayload } from "./outbox.schema";

export type { OutboxAttemptRow, OutboxMessageRow };

/** A message as read back: its payload parsed by its kind's schema (outbox.schema.ts). */
export type StoredMessage = Omit<OutboxMessageRow, "payload"> & { payload: StoredPayload };

function toStoredMessage(row: OutboxMessageRow): StoredMessage {
  return { ...row, payload: parseStoredPayload(row.kind, row.payload) };
}

export async function insertMessage(db: Kysely<Database>, row: NewOutboxMessage) {
  await db.insertInto("outbox_messages").values(row).execute();
}

/**
 * The ids of up to `limit` messages due by `now` and not leased, the longest due first. Each of
 * the two waiting statuses is read on its own from the index on (status, next_attempt_at), in
 * due order and only as far as `limit`, and the two short lists are merged. Asked for both
 * statuses at once, PostgreSQL read every waiting message and sorted them, 9 ms a claim with
 * 27,000 waiting (docs/benchmarks.md, "Outbox claims"); SQLite already stopped early, and reads
 * the two lists as fast. On PostgreSQL each read locks what it returns and skips what another
 * claimant holds; the up to `limit` rows locked but not taken are free again once the claim's
 * statement ends, so another claimant passes over them for that moment only.
 */
export function dueMessageIds(db: Kysely<Database>, dialect: Dialect, now: string, limit: number) {
  const waiting = (status: OutboxStatus) => {
    const due = db
      .selectFrom("outbox_messages")
      .select(["id", "next_attempt_at"])
      .where("status", "=", status)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .orderBy("next_attempt_at")
      .limit(limit);
    return dialect === "postgres" ? due.forUpdate().skipLocked() : due;
  };
  const both = db
    .selectFrom(waiting("pending").as("pending"))
    .selectAll()
    .unionAll(db.selectFrom(waiting("retrying").as("retrying")).selectAll());
  return db
    .selectFrom(both.as("waiting"))
    .select("waiting.id")
    .orderBy("waiting.next_attempt_at")
    .limit(limit);
}

/**
 * Leases up to `limit` due messages to `workerId` in one statement, which is its own short
 * transaction. On PostgreSQL, FOR UPDATE SKIP LOCKED lets several processes claim at once: each
 * skips the rows another is claiming instead of waiting for them or taking them too. On SQLite the
 * statement runs under the database's single write lock, so two claimants cannot take one row.
 * A row whose lease has expired (its worker died mid-delivery) is due again: at-least-once.
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  dialect: Dialect,
  {
    now,
    leaseUntil,
    workerId,
    limit,
  }: { now: string; leaseUntil: string; workerId: string; limit: number },
) {
  const rows = await db
    .updateTable("outbox_messages")
    .set({ lease_until: leaseUntil, leased_by: workerId })
    .where("id", "in", dueMessageIds(db, dialect, now, limit))
    .returningAll()
    .execute();
  return rows.map(toStoredMessage);
}

export async function insertAttempts(db: Kysely<Database>, rows: NewOutboxAttempt[]) {
  if (rows.length === 0) return;
  await db.insertInto("outbox_attempts").values(rows).execute();
}

/** Writes a try's result, only while `workerId` still holds the lease; returns rows changed. */
export async function updateLeasedMessage(
  db: Kysely<Database>,
  id: string,
  workerId: string,
  patch: Partial<Omit<OutboxMessageRow, "id" | "kind" | "topic" | "payload" | "created_at">>,
) {
  const result = await db
    .updateTable("outbox_messages")
    .set({ ...patch, lease_until: null, leased_by: null })
    .where("id", "=", id)
    .where("leased_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives a message back untried (the worker is stopping), so another process takes it now. */
export async function releaseLease(db: Kysely<Database>, id: string, workerId: string) {
  await db
    .updateTable("outbox_messages")
    .set({ lease_until: null, leased_by: null })
    .where("id", "=", id)
    .where("leased_by", "=", workerId)
    .execute();
}

export async function findMessageById(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toStoredMessage(row);
}

export async function listMessages(
  db: Kysely<Database>,
  filter: {
    status?: OutboxStatus;
    kind?: OutboxKind;
    limit: number;
    before?: { createdAt: string; id: string };
  },
) {
  let query = db.selectFrom("outbox_messages").selectAll();
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  const before = filter.before;
  if (before) {
    // A row-value bound, which both databases start an index range at (migration
    // 2026_11_28_0950_admin_list_indexes); the same test spelt with OR reads every newer row.
    query = query.where((eb) =>
      eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before.createdAt, before.id)),
    );
  }
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit)
    .execute();
  return rows.map(toStoredMessage);
}

export async function findAttemptsForMessages(db: Kysely<Database>, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom("outbox_attempts")
    .selectAll()
    .where("message_id", "in", messageIds)
    .orderBy("attempted_at")
    .orderBy("attempt_number")
    .execute();
}

/** Due now, lease untouched: a message being delivered finishes its try first. */
export async function markForRedelivery(db: Kysely<Database>, id: string, now: string) {
  const result = await db
    .updateTable("outbox_messages")
    .set({ status: "pending", next_attempt_at: now, updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findLatestWebhookForSubject(
  db: Kysely<Database>,
  subject: { type: string; id: string; topic?: string },
) {
  let query = db
    .selectFrom("outbox_messages")
    .select(["id", "status", "attempts"])
    .where("kind", "=", "webhook")
    .where("subject_type", "=", subject.type)
    .where("subject_id", "=", subject.id);
  if (subject.topic) query = query.where("topic", "=", subject.topic);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

/**
 * The targets with a try that was not skipped since `since`. A site has a handful of targets and
 * a great many tries: the targets are walked one probe of outbox_attempts_target_idx each (the
 * next target after the last), and each is asked for one try in the window, so the cost is the
 * number of targets, not of tries.
 */
export async function findTargetsTriedSince(db: Kysely<Database>, since: string) {
  const { rows } = await sql<{ target: string }>`
    with recursive targets (target) as (
      select min(target) from outbox_attempts
      union all
      select (select min(a.target) from outbox_attempts a where a.target > targets.target)
      from targets where targets.target is not null
    )
    select t.target from targets t
    where t.target is not null and exists (
      select 1 from outbox_attempts a
      where a.target = t.target and a.attempted_at >= ${since} and a.outcome <> 'skipped'
    )
    order by t.target`.execute(db);
  return rows.map((row) => row.target);
}

export async function findLatestAttemptsForTarget(
  db: Kysely<Database>,
  target: string,
  limit: number,
) {
  return db
    .selectFrom("outbox_attempts")
    .select(["outcome", "attempted_at", "error", "status_code"])
    .where("target", "=", target)
    .where("outcome", "!=", "skipped")
    .orderBy("attempted_at", "desc")
    .limit(limit)
    .execute();
}

/** The latest successful delivery to each of the given targets, by target. */
export async function findLastDeliveredAt(db: Kysely<Database>, targets: string[]) {
  const found = new Map<string, string>();
  // Per target, its tries newest first on outbox_attempts_target_idx until a delivery: a target
  // that works is answered by its latest try. A GROUP BY over the targets read every delivery
  // they ever had.
  for (const target of new Set(targets)) {
    const row = await db
      .selectFrom("outbox_attempts")
      .select("attempted_at")
      .where("target", "=", target)
      .where("outcome", "=", "delivered")
      .orderBy("attempted_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row) found.set(target, row.attempted_at);
  }
  return found;
}

/** When this staff member last dismissed the delivery warning, if ever. */
export async function findBannerDismissal(db: Kysely<Database>, staffId: string) {
  const row = await db
    .selectFrom("delivery_banner_dismissals")
    .select("dismissed_at")
    .where("staff_id", "=", staffId)
    .executeTakeFirst();
  return row?.dismissed_at ?? null;
}

export async function saveBannerDismissal(db: Kysely<Database>, staffId: string, at: string) {
  await db
    .insertInto("delivery_banner_dismissals")
    .values({ staff_id: staffId, dismissed_at: at })
    .onConflict((oc) => oc.column("staff_id").doUpdateSet({ dismissed_at: at }))
    .execute();
}

/** The ids of jobs for `topic` still waiting to run or to be tried again. */
export async function findWaitingJobIds(db: Kysely<Database>, topic: string) {
  const rows = await db
    .selectFrom("outbox_messages")
    .select("id")
    .where("kind", "=", "job")
    .where("topic", "=", topic)
    .where("status", "in", ["pending", "retrying"])
    .execute();
  return rows.map((row) => row.id);
}

/** Webhooks, emails and texts still not delivered that were created before `cutoff`, oldest first. */
export async function findUndeliveredSince(db: Kysely<Database>, cutoff: string, limit: number) {
  return db
    .selectFrom("outbox_messages")
    .select(["id", "kind", "topic", "attempts", "last_error", "created_at", "next_attempt_at"])
    .where("kind", "in", ["webhook", "email", "sms"])
    .where("status", "in", ["pending", "retrying"])
    .where("created_at", "<", cutoff)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

export async function countDeadSince(db: Kysely<Database>, since: string) {
  const row = await db
    .selectFrom("outbox_messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "dead")
    .where("updated_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The saved text settings of the given keys (the webhook URLs of settings/setting-keys.ts), each
 * read by the settings' SavedStringSchema. Read here, at each delivery, without a service call.
 */
export async function findSettingValues(db: Kysely<Database>, keys: string[]) {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", keys)
    .execute();
  const values = new Map<string, string>();
  for (const row of rows) {
    // A stored value that is not a JSON string reads as unset: the environment's URL applies.
    const parsed = parseJsonColumn(SavedStringSchema, row.value);
    if (parsed.ok) values.set(row.key, parsed.value);
  }
  return values;
}

/**
 * The references (HG-…) of the given quotes by id, so the delivery log names a lead as staff know
 * it. One lookup by primary key for a page of messages; a quote since removed is simply absent.
 */
export async function findQuoteReferences(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom("quotes")
    .select(["id", "reference"])
    .where("id", "in", [...new Set(quoteIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/** The parsed payloads of the given messages, for the delivery log's "body sent". */
export async function findPayloads(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return new Map<string, StoredPayload>();
  const rows = await db
    .selectFrom("outbox_messages")
    .select(["id", "kind", "payload"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, parseStoredPayload(row.kind, row.payload)]));
}
