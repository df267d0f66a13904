import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import {
  findStoredAnswer,
  insertStoredAnswer,
  type StoredAnswerBody,
} from "./quote-idempotency.repository.server";

// Idempotency-Key on POST /api/v1/quotes: a caller whose connection was cut
// after it sent a quote retries with the same key and gets the first answer again, not a second
// lead. Only a stored quote's answer is kept (for a day); a refused request stores nothing, so
// its retry is judged afresh. The key is the caller's, so it is kept as a digest; replay needs
// the same body too, so knowing someone's key alone reveals nothing of their quote.

const SCOPE = "quotes";
const KEEP_MS = 24 * 60 * 60 * 1000;
/** Visible ASCII, as Stripe's and the IETF draft's keys are (a UUID fits). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.",
  reused:
    "This Idempotency-Key was already used for a different request. Use a new key for a new quote.",
} as const;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export type IdempotentRequest = { keyHash: string; requestHash: string };

/** The request's key (null without one), or "invalid" for a key of the wrong shape. */
export function readIdempotencyKey(
  request: Request,
  rawBody: string,
): IdempotentRequest | null | "invalid" {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) return "invalid";
  return { keyHash: sha256(key), requestHash: sha256(rawBody) };
}

export type Replay =
  { kind: "replay"; status: number; body: StoredAnswerBody } | { kind: "reused" } | { kind: "new" };

/** What an earlier request with this key was answered, if any. */
export async function findReplay(
  db: Kysely<Database>,
  idempotent: IdempotentRequest,
  now = new Date(),
): Promise<Replay> {
  const stored = await findStoredAnswer(db, SCOPE, idempotent.keyHash, now.toISOString());
  if (!stored) return { kind: "new" };
  if (stored.request_hash !== idempotent.requestHash) return { kind: "reused" };
  return {
    kind: "replay",
    status: stored.response_status,
    body: stored.response_body,
  };
}

/** Keeps an answer for the key's retries; call inside the transaction that stores the quote. */
export async function rememberAnswer(
  trx: Kysely<Database>,
  idempotent: IdempotentRequest,
  answer: { status: number; body: unknown },
  now = new Date(),
) {
  await insertStoredAnswer(trx, {
    scope: SCOPE,
    key_hash: idempotent.keyHash,
    request_hash: idempotent.requestHash,
    response_status: answer.status,
    response_body: JSON.stringify(answer.body),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + KEEP_MS).toISOString(),
  });
}
