import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The platform tables: people who sign in, their sessions, abuse counters, the outbox, the audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_users")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("totp_secret_encrypted", "text")
    .addColumn("totp_enabled", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("recovery_codes", "text") // JSON list of SHA-256 hashes, each used once
    .addColumn("theme", "text", (col) => col.notNull().defaultTo("system"))
    .addColumn("last_sign_in_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("customers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text")
    .addColumn("phone", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // One table for staff and customer sessions; the id is the SHA-256 of the cookie's token.
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull()) // staff | customer
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema
    .createIndex("sessions_user_idx")
    .on("sessions")
    .columns(["kind", "user_id"])
    .execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("magic_link_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("customer_id", "text", (col) => col.references("customers.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("magic_link_tokens_email_idx")
    .on("magic_link_tokens")
    .columns(["email", "created_at"])
    .execute();

  // Fixed-window counters; kept in the database so limits hold across processes.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["key", "window_start"])
    .execute();
  await db.schema
    .createIndex("rate_limits_expires_idx")
    .on("rate_limits")
    .column("expires_at")
    .execute();

  // Webhooks, emails and scheduled jobs: written in the same transaction as the record they
  // announce, delivered by the worker with retries (docs/decisions/0008-webhook-outbox.md, docs/decisions/0017-outbound-email.md).
  await db.schema
    .createTable("outbox_messages")
    .addColumn("id", "text", (col) => col.primaryKey()) // also the webhook-id header
    .addColumn("kind", "text", (col) => col.notNull()) // webhook | email | job
    .addColumn("topic", "text", (col) => col.notNull()) // quote.created, email.magic_link, job.assignment_expiry...
    .addColumn("subject_type", "text")
    .addColumn("subject_id", "text")
    .addColumn("payload", "text", (col) => col.notNull()) // JSON
    .addColumn("status", "text", (col) => col.notNull()) // pending | retrying | delivered | dead | skipped
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("lease_until", "text")
    .addColumn("leased_by", "text")
    .addColumn("last_error", "text")
    .addColumn("last_status_code", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema
    .createIndex("outbox_due_idx")
    .on("outbox_messages")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("outbox_subject_idx")
    .on("outbox_messages")
    .columns(["subject_type", "subject_id"])
    .execute();
  await db.schema
    .createIndex("outbox_created_idx")
    .on("outbox_messages")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("outbox_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("message_id", "text", (col) =>
      col.notNull().references("outbox_messages.id").onDelete("cascade"),
    )
    .addColumn("attempt_number", "integer", (col) => col.notNull())
    .addColumn("attempted_at", "text", (col) => col.notNull())
    .addColumn("target", "text", (col) => col.notNull()) // URL, smtp, file, or job
    .addColumn("outcome", "text", (col) => col.notNull()) // delivered | failed | skipped
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_attempts_message_idx")
    .on("outbox_attempts")
    .columns(["message_id", "attempted_at"])
    .execute();
  await db.schema
    .createIndex("outbox_attempts_target_idx")
    .on("outbox_attempts")
    .columns(["target", "attempted_at"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("actor_type", "text", (col) => col.notNull()) // staff | customer | system | visitor
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (col) => col.notNull()) // e.g. staff.sign_in_failed, quote.webhook_failed
    .addColumn("subject_type", "text")
    .addColumn("subject_id", "text")
    .addColumn("details", "text") // JSON, never personal data beyond ids
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("audit_log_subject_idx")
    .on("audit_log")
    .columns(["subject_type", "subject_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_log_action_idx")
    .on("audit_log")
    .columns(["action", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_log",
    "outbox_attempts",
    "outbox_messages",
    "rate_limits",
    "magic_link_tokens",
    "sessions",
    "customers",
    "staff_users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
