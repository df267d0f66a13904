import { z } from "zod";
import type { OutboxAttemptRow } from "./outbox.repository.server";
import type { OutboxKind, OutboxStatus } from "./outbox.schema";

// The delivery log's filters, labels and entry type: shared by the route's loader and its page.

/** A moment, as ISO for <time> and as Sydney wall-clock text (formatted once, on the server). */
export type Stamp = { iso: string; label: string };

export type DeliveryLogEntry = {
  id: string;
  kind: OutboxKind;
  topic: string;
  subject: string | null;
  status: OutboxStatus;
  attemptCount: number;
  created: Stamp;
  delivered: Stamp | null;
  /** When the next try is due, while one is. */
  nextAttempt: Stamp | null;
  lastError: string | null;
  email: { to: string; subject: string } | null;
  attempts: {
    number: number;
    at: Stamp;
    target: string;
    outcome: OutboxAttemptRow["outcome"];
    statusCode: number | null;
    error: string | null;
    durationMs: number;
  }[];
  /** What was sent: a webhook's JSON (pretty), an email's or a text's words, a job's input. */
  body: string;
  /** The spec's words for this message, where they apply (docs/decisions/0008-webhook-outbox.md). */
  notice: string | null;
  canRedeliver: boolean;
};

export const STATUS_OPTIONS: { value: OutboxStatus; label: string }[] = [
  { value: "delivered", label: "Delivered" },
  { value: "pending", label: "Pending" },
  { value: "retrying", label: "Retrying" },
  { value: "dead", label: "Gave up" },
  { value: "skipped", label: "Skipped" },
];

export const KIND_OPTIONS: { value: OutboxKind; label: string }[] = [
  { value: "webhook", label: "Webhooks" },
  { value: "email", label: "Emails" },
  { value: "sms", label: "Text messages" },
  { value: "job", label: "Jobs" },
];

export const KIND_LABELS: Record<OutboxKind, string> = {
  webhook: "Webhook",
  email: "Email",
  job: "Job",
  sms: "SMS",
};

export const STATUS_LABELS: Record<OutboxStatus, string> = {
  delivered: "Delivered",
  pending: "Pending",
  retrying: "Retrying",
  dead: "Gave up",
  skipped: "Skipped: no target set",
};

/** The page's query string; anything unknown is ignored rather than refused. */
export const DeliveryFilterSchema = z.object({
  status: z
    .enum(["delivered", "pending", "retrying", "dead", "skipped"])
    .optional()
    .catch(undefined),
  kind: z.enum(["webhook", "email", "job", "sms"]).optional().catch(undefined),
  before: z.string().max(200).optional().catch(undefined),
});

export type DeliveryFilter = z.output<typeof DeliveryFilterSchema>;

export const REDELIVER_TEXT = {
  queued: "Queued to send again. It goes out within a few seconds.",
  notFound: "That message no longer exists.",
  notAllowed: "Jobs are not sent again by hand.",
} as const;
