import type { Kysely } from "kysely";
import { formatDateTime } from "~/lib/format";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { listDeliveries, type Delivery } from "./deliveries.service.server";
import { REDELIVER_TEXT, type DeliveryLogEntry, type Stamp } from "./delivery-log";
import { findMessageById, findPayloads, markForRedelivery } from "./outbox.repository.server";
import type { OutboxKind, StoredPayload } from "./outbox.schema";
import { QUOTE_WEBHOOK_FAILED } from "./outbox.service.server";
import { SPEC_TRIES } from "./retry-schedule";

// The admin's delivery log (docs/decisions/0008-webhook-outbox.md): what /admin/deliveries shows, and its Redeliver.

const PAGE_SIZE = 25;

/** One page of the log, newest first, each message with its attempts and the body it sends. */
export async function getDeliveryLog(
  db: Kysely<Database>,
  filter: { status?: Delivery["status"]; kind?: OutboxKind; before?: string },
): Promise<{ entries: DeliveryLogEntry[]; nextCursor: string | null }> {
  const { deliveries, nextCursor } = await listDeliveries(db, { ...filter, limit: PAGE_SIZE });
  const payloads = await findPayloads(
    db,
    deliveries.map((delivery) => delivery.id),
  );
  return {
    entries: deliveries.map((delivery) => ({
      id: delivery.id,
      kind: delivery.kind,
      topic: delivery.topic,
      subject: subjectLabel(delivery),
      status: delivery.status,
      attemptCount: delivery.attemptCount,
      created: stamp(delivery.createdAt),
      delivered: delivery.deliveredAt ? stamp(delivery.deliveredAt) : null,
      nextAttempt:
        delivery.status === "pending" || delivery.status === "retrying"
          ? stamp(delivery.nextAttemptAt)
          : null,
      lastError: delivery.lastError,
      email: delivery.email,
      attempts: delivery.attempts.map((attempt) => ({
        number: attempt.attemptNumber,
        at: stamp(attempt.attemptedAt),
        target: attempt.target,
        outcome: attempt.outcome,
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
      })),
      body: bodySent(payloads.get(delivery.id)),
      notice: noticeFor(delivery),
      canRedeliver: delivery.kind !== "job",
    })),
    nextCursor,
  };
}

/** A quote is named by its reference (HG-…), as staff know the lead; other subjects by type and id. */
function subjectLabel(delivery: Delivery) {
  if (!delivery.subjectType) return null;
  if (delivery.subjectReference) return `${delivery.subjectType} ${delivery.subjectReference}`;
  return `${delivery.subjectType} ${delivery.subjectId ?? ""}`.trim();
}

// Staff work in Sydney; the server may not. Formatted here so the browser renders the same text;
// to the second, since retries can land within a minute of each other.
function stamp(iso: string): Stamp {
  return { iso, label: formatDateTime(iso, { seconds: true }) };
}

/**
 * Webhooks show their JSON body, emails their plain-text version, jobs their input; a payload
 * that does not fit its kind shows as it was stored.
 */
function bodySent(payload: StoredPayload | undefined) {
  if (payload === undefined) return "";
  if (!payload.valid) return payload.text;
  switch (payload.kind) {
    case "webhook":
      return JSON.stringify(payload.value.body, null, 2);
    case "email":
      return payload.value.text;
    case "job":
      return JSON.stringify(payload.value, null, 2);
    case "sms":
      return payload.value.body;
  }
}

/** docs/product/public-site.md#messages and docs/decisions/0008-webhook-outbox.md: the words staff see where a quote's webhook has not gone out. */
function noticeFor(delivery: Delivery) {
  if (delivery.status === "skipped") {
    return delivery.kind === "webhook"
      ? "Not sent: no webhook URL is set. Add one in Settings, then redeliver."
      : "Not sent: nowhere to send it.";
  }
  const failing =
    delivery.status === "dead" ||
    ((delivery.status === "pending" || delivery.status === "retrying") &&
      delivery.attemptCount >= SPEC_TRIES);
  if (failing && delivery.kind === "webhook" && delivery.topic === "quote.created") {
    return QUOTE_WEBHOOK_FAILED;
  }
  return null;
}

/**
 * Staff's Redeliver: the message goes out again as soon as a worker is free, its attempts kept,
 * with an audit_log entry. Jobs are internal work, not deliveries, and are not sent again by hand.
 */
export async function redeliverAsStaff(
  db: Kysely<Database>,
  id: string,
  actor: { staffId: string; ip: string | null },
  now = new Date(),
): Promise<Result> {
  return db.transaction().execute(async (trx) => {
    const message = await findMessageById(trx, id);
    if (!message) return failure("not_found", REDELIVER_TEXT.notFound);
    if (message.kind === "job") return failure("invalid", REDELIVER_TEXT.notAllowed);
    await markForRedelivery(trx, id, now.toISOString());
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: "outbox.redelivered",
      subject_type: "outbox_message",
      subject_id: id,
      details: JSON.stringify({
        kind: message.kind,
        topic: message.topic,
        previousStatus: message.status,
      }),
      ip: actor.ip || null,
      created_at: now.toISOString(),
    });
    return { ok: true };
  });
}
