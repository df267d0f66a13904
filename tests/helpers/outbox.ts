import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { loadConfig, type AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { createLogger } from "~/server/logger.server";

/** A signing secret in the Standard Webhooks form, and its key bytes for independent checks. */
export const TEST_WEBHOOK_KEY = Buffer.from("outbox test key, thirty-two bytes");
export const TEST_WEBHOOK_SECRET = `whsec_${TEST_WEBHOOK_KEY.toString("base64")}`;

/** A real AppConfig for tests, its data folder a fresh temporary directory. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-outbox-"));
  // The fake automation host listens on this machine: private targets are allowed unless a
  // test says otherwise.
  return loadConfig({
    APP_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEBHOOK_PRIVATE_TARGETS: "on",
    ...env,
  });
}

export const silentLogger = createLogger("silent");

/** Real time plus an offset the test moves forward: "a second later" without a real sleep. */
export function createClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/**
 * Like createClock, but time stands still from its first reading until the test moves it: for a
 * test that a retry is not due a moment early, which real time passing between two tries on a
 * loaded machine would otherwise make due.
 */
export function createStillClock() {
  let first: number | undefined;
  let offset = 0;
  return {
    now: () => new Date((first ??= Date.now()) + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

export async function findMessage(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

export async function findAttempts(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("outbox_attempts")
    .selectAll()
    .where("message_id", "=", id)
    .orderBy("attempted_at")
    .orderBy("attempt_number")
    .execute();
}

/** Milliseconds between the retry time a try set and the moment it was recorded. */
export function waitAfter(message: { next_attempt_at: string; updated_at: string }) {
  return Date.parse(message.next_attempt_at) - Date.parse(message.updated_at);
}

export type QueuedEmail = {
  topic: string;
  subjectType: string | null;
  subjectId: string | null;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

/** The emails waiting in the outbox, oldest first, as a mail program would show them. */
export async function queuedEmails(db: Kysely<Database>): Promise<QueuedEmail[]> {
  const rows = await db
    .selectFrom("outbox_messages")
    .select(["topic", "subject_type", "subject_id", "payload"])
    .where("kind", "=", "email")
    .orderBy("created_at")
    .execute();
  return rows.map((row) => {
    const payload = JSON.parse(row.payload) as Omit<
      QueuedEmail,
      "topic" | "subjectType" | "subjectId"
    >;
    return {
      topic: row.topic,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      to: payload.to,
      replyTo: payload.replyTo,
      subject: payload.subject,
      text: payload.text,
      html: payload.html,
    };
  });
}
