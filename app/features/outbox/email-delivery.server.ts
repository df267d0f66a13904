import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { BusinessProfile } from "~/features/settings/business-profile";
import type { AppConfig } from "~/server/config.server";
import type { Logger } from "~/server/logger.server";
import type { AttemptResult, DeliveryOutcome, EmailPayload } from "./outbox.schema";

export type Mailer = {
  /** "smtp", or "file" when mail is written to the data folder (docs/decisions/0017-outbound-email.md). */
  target: "smtp" | "file";
  send(message: OutgoingEmail): Promise<DeliveryOutcome>;
  close(): void;
};

export type OutgoingEmail = {
  /** The outbox message id; also the Message-ID, so a resend after a crash reads as a duplicate. */
  id: string;
  topic: string;
  payload: EmailPayload;
  business: Pick<BusinessProfile, "name" | "email">;
  now: () => Date;
};

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in `{dataDir}/mail/`,
 * which a developer opens in any mail program. Connection, greeting and socket timeouts keep one
 * try well inside the worker's lease.
 */
export function createMailer(
  config: Pick<AppConfig, "SMTP_URL" | "MAIL_FROM" | "dataDir">,
  logger: Logger,
  timeoutMs: number,
): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(withTimeouts(config.SMTP_URL, timeoutMs));
    return {
      target: "smtp",
      send: (message) =>
        attempt("smtp", message, async () => {
          // Nodemailer's own timeouts guard each phase; this bounds the whole conversation.
          await withDeadline(transport.sendMail(mailOptions(config, message)), timeoutMs * 3);
        }),
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const folder = path.join(config.dataDir, "mail");
  return {
    target: "file",
    send: (message) =>
      attempt("file", message, async () => {
        const info = await transport.sendMail(mailOptions(config, message));
        // Named by message id: a retry after a crash rewrites the same file.
        const file = path.join(folder, `${message.id}.eml`);
        await writeCreatingFolder(file, info.message as Buffer);
        // Never the address: topic and id are enough to find the file.
        logger.info({ topic: message.topic, messageId: message.id }, "email written to file");
      }),
    close: () => transport.close(),
  };
}

/**
 * Writes the file, making its folder only when it is missing: a quote's emails are written
 * several a second under load, and a mkdir for each showed in its profile
 * (docs/benchmarks.md#quotes-api).
 */
async function writeCreatingFolder(file: string, body: Buffer) {
  try {
    await writeFile(file, body);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }
}

/** "Name" <address> from MAIL_FROM, else from the business profile. */
export function senderFor(
  config: Pick<AppConfig, "MAIL_FROM">,
  business: Pick<BusinessProfile, "name" | "email">,
): Mail.Address | string {
  return config.MAIL_FROM ?? { name: business.name, address: business.email };
}

function mailOptions(config: Pick<AppConfig, "MAIL_FROM">, message: OutgoingEmail): Mail.Options {
  const from = senderFor(config, message.business);
  const address = typeof from === "string" ? from : from.address;
  const domain = address.replace(/^.*@/, "").replace(/>.*$/, "") || "localhost";
  return {
    from,
    to: message.payload.to,
    replyTo: message.payload.replyTo,
    subject: message.payload.subject,
    html: message.payload.html,
    text: message.payload.text,
    attachments: message.payload.attachments,
    messageId: `<${message.id}@${domain}>`,
  };
}

async function attempt(
  target: "smtp" | "file",
  message: OutgoingEmail,
  send: () => Promise<void>,
): Promise<DeliveryOutcome> {
  const attemptedAt = message.now().toISOString();
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    await send();
    const result: AttemptResult = {
      target,
      outcome: "delivered",
      statusCode: null,
      error: null,
      attemptedAt,
      durationMs: durationMs(),
    };
    return { outcome: "delivered", attempts: [result], error: null, statusCode: null };
  } catch (cause) {
    const error = `Email failed: ${describe(cause)}`;
    const result: AttemptResult = {
      target,
      outcome: "failed",
      statusCode: null,
      error,
      attemptedAt,
      durationMs: durationMs(),
    };
    return { outcome: "failed", attempts: [result], error, statusCode: null };
  }
}

function describe(cause: unknown) {
  if (!(cause instanceof Error)) return String(cause);
  // SMTP replies carry the server's code and text, and sometimes the recipient, which neither the
  // log nor the deliveries list needs: the address is masked.
  const { responseCode, code } = cause as { responseCode?: number; code?: string };
  const text = [code, responseCode, cause.message].filter(Boolean).join(" ");
  return text.replace(/[^\s<>"',;:]+@[^\s<>"',;:]+/g, "[address]");
}

function withTimeouts(smtpUrl: string, timeoutMs: number) {
  const url = new URL(smtpUrl);
  for (const key of ["connectionTimeout", "greetingTimeout", "socketTimeout"]) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(timeoutMs));
  }
  return url.toString();
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
