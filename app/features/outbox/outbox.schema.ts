import { z } from "zod";
import type { OutboxKind, OutboxStatus } from "~/server/database";

export type { OutboxKind, OutboxStatus };

/**
 * Where a webhook goes. docs/product/public-site.md#calls-and-webhooks: the contact and post-construction webhooks try the
 * test address first, then production, and stop at the first that answers OK; the others go to
 * production only.
 */
export const WebhookRouteSchema = z.enum(["production", "test_then_production"]);
export type WebhookRoute = z.infer<typeof WebhookRouteSchema>;

// What each kind keeps in outbox_messages.payload. Parsed again at delivery time: a row written by
// an older release, or edited by hand, must fail as one dead message, never crash the worker.
export const WebhookPayloadSchema = z.object({
  route: WebhookRouteSchema,
  body: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

export const EmailPayloadSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  html: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  /** Small text attachments, such as a booking's .ics calendar invite (docs/decisions/0017-outbound-email.md) */
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1),
        contentType: z.string().min(1),
        content: z.string(),
      }),
    )
    .optional(),
});
export type EmailPayload = z.infer<typeof EmailPayloadSchema>;

/** A text message (docs/decisions/0076-sms-beside-email.md): to an E.164 number, plain text. */
export const SmsPayloadSchema = z.object({
  to: z.string().regex(/^\+[1-9]\d{6,14}$/),
  body: z.string().min(1).max(1600),
});
export type SmsPayload = z.infer<typeof SmsPayloadSchema>;

export type JsonObject = Record<string, unknown>;

/** A job's input: an object (a job enqueued with none stores null, read as {}). */
export const JobPayloadSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .transform((value): JsonObject => value ?? {});

/**
 * outbox_messages.payload as read back, by the schema of the message's kind. One that does not
 * parse is kept with its text and what is wrong: the worker fails that message once as "invalid"
 * (retrying cannot mend it) and the delivery log still shows what was stored.
 */
export type StoredPayload =
  | { valid: true; kind: "webhook"; value: WebhookPayload }
  | { valid: true; kind: "email"; value: EmailPayload }
  | { valid: true; kind: "job"; value: JsonObject }
  | { valid: true; kind: "sms"; value: SmsPayload }
  | { valid: false; kind: OutboxKind; problem: string; text: string };

const PAYLOAD_SCHEMAS = {
  webhook: WebhookPayloadSchema,
  email: EmailPayloadSchema,
  job: JobPayloadSchema,
  sms: SmsPayloadSchema,
} as const;

export function parseStoredPayload(kind: OutboxKind, text: string): StoredPayload {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { valid: false, kind, problem: "The stored payload is not valid JSON", text };
  }
  const invalid: StoredPayload = {
    valid: false,
    kind,
    problem: `The stored ${kind} payload is invalid`,
    text,
  };
  switch (kind) {
    case "webhook": {
      const parsed = PAYLOAD_SCHEMAS.webhook.safeParse(json);
      return parsed.success ? { valid: true, kind, value: parsed.data } : invalid;
    }
    case "email": {
      const parsed = PAYLOAD_SCHEMAS.email.safeParse(json);
      return parsed.success ? { valid: true, kind, value: parsed.data } : invalid;
    }
    case "job": {
      const parsed = PAYLOAD_SCHEMAS.job.safeParse(json);
      return parsed.success ? { valid: true, kind, value: parsed.data } : invalid;
    }
    case "sms": {
      const parsed = PAYLOAD_SCHEMAS.sms.safeParse(json);
      return parsed.success ? { valid: true, kind, value: parsed.data } : invalid;
    }
  }
}

/** One try at one target, as the worker records it in outbox_attempts. */
export type AttemptResult = {
  target: string;
  outcome: "delivered" | "failed" | "skipped";
  statusCode: number | null;
  error: string | null;
  attemptedAt: string;
  durationMs: number;
};

/**
 * What one attempt at a message came to. `invalid` means retrying cannot help (a payload that no
 * longer parses); `aborted` means the worker was stopping and the attempt should not count.
 */
export type DeliveryOutcome = {
  outcome: "delivered" | "failed" | "skipped" | "invalid" | "aborted";
  attempts: AttemptResult[];
  /** For the message's last_error: the summary, which may differ from each target's own error. */
  error: string | null;
  statusCode: number | null;
};

/** What the booking success page and the lead's timeline show about a record's webhook. */
export type WebhookStatus = "none" | "sending" | "delivered" | "failing" | "skipped" | "dead";
