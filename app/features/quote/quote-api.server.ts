import { createHash, timingSafeEqual } from "node:crypto";
import { isSameOriginRequest } from "~/server/request-origin.server";
import { failureStatus } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import type { AppContext } from "~/server/context";
import type { Logger } from "~/server/logger.server";
import type { EstimateResponse, QuoteCreatedResponse } from "./quote-api.schema";
import { QUOTE_STORE_MESSAGES } from "./quote-messages";
import type { CreateQuoteResult, CreatedQuote, QuoteEstimateResult } from "./quote.service.server";
import {
  limitPublicRequests,
  publicFormLimits,
  TOO_MANY_SUBMISSIONS,
  type PublicLimit,
} from "~/server/public-form.server";

// What the JSON endpoints share: JSON answers that are never cached, the body read without
// trusting it, the docs/decisions/0026-abuse-protection.md limit and the honeypot. The route modules stay a few lines each.

const NO_STORE = { "cache-control": "no-store" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export type BodyResult =
  { ok: true; body: unknown; text: string } | { ok: false; response: Response };

/** Whether the body is declared exactly as application/json (parameters such as charset allowed). */
export function isJsonRequest(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  return type.split(";", 1)[0]!.trim().toLowerCase() === "application/json";
}

/**
 * The JSON body, or the 415 or 400 answer to send instead. Only application/json itself is read:
 * a type that merely contains it ("text/plain; application/json") is what a page on another site
 * may send without the browser asking us first (no CORS preflight), so it is refused.
 */
export async function readJsonBody(request: Request): Promise<BodyResult> {
  if (!isJsonRequest(request)) {
    return { ok: false, response: json({ error: "Send the body as application/json." }, 415) };
  }
  try {
    const text = await request.text();
    return { ok: true, body: JSON.parse(text), text };
  } catch {
    return { ok: false, response: json({ error: "The request body is not valid JSON." }, 400) };
  }
}

/**
 * The API's writes are for this site's own pages and for servers holding an API key. A browser on
 * another site sends its Origin (or Sec-Fetch-Site: cross-site) even on a no-cors post, so such a
 * request is refused (403) unless it presents a key; a wrong key is 401. Callers that are not
 * browsers send neither header and are judged by the rate limits, as before.
 */
export function refuseCrossSiteWrite(
  request: Request,
  config: Pick<AppConfig, "publicUrl" | "apiKeys">,
): Response | null {
  const key = bearerToken(request);
  if (key !== null) {
    return isApiKey(key, config.apiKeys) ? null : json({ error: "Unknown API key." }, 401);
  }
  if (isSameOriginRequest(request, config)) return null;
  return json({ error: "This request did not come from this site and was refused." }, 403);
}

function bearerToken(request: Request) {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : "";
}

// Compared as SHA-256 digests in constant time, so the time taken says nothing of a key's prefix.
function isApiKey(candidate: string, keys: readonly string[]) {
  const digest = createHash("sha256").update(candidate).digest();
  let found = false;
  for (const key of keys) {
    if (timingSafeEqual(digest, createHash("sha256").update(key).digest())) found = true;
  }
  return found;
}

// docs/decisions/0026-abuse-protection.md for the quote's helpers. The quote itself counts against the budget every public form
// shares. Photos and estimates are not form submissions: a four-photo quote would spend half a
// minute's budget before it was sent, and the wizard may ask for several estimates. They get
// buckets of their own, counted the same way.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Photos: docs/decisions/0026-abuse-protection.md's numbers, in a bucket of their own. */
export const UPLOAD_LIMITS: readonly PublicLimit[] = [
  { limit: 10, windowMs: MINUTE },
  { limit: 100, windowMs: DAY },
];

/** An estimate stores nothing; a looser budget. */
export const ESTIMATE_LIMITS: readonly PublicLimit[] = [
  { limit: 60, windowMs: MINUTE },
  { limit: 1000, windowMs: DAY },
];

/**
 * The 429 to send when `context.clientIp` is over its docs/decisions/0026-abuse-protection.md budget, or null when it may go on:
 * the shared public-form budget, or a bucket of its own (photos, estimates).
 */
export async function rateLimited(
  context: Pick<AppContext, "db" | "config" | "clientIp">,
  own: { bucket: string; limits: readonly PublicLimit[] } = {
    bucket: "public-form",
    limits: publicFormLimits(context.config),
  },
) {
  const verdict = await limitPublicRequests(context, own.bucket, own.limits);
  if (verdict.allowed) return null;
  return json({ error: TOO_MANY_SUBMISSIONS }, 429, {
    "retry-after": String(verdict.retryAfterSeconds),
  });
}

/**
 * docs/decisions/0026-abuse-protection.md honeypot: a field people never see and bots fill in. Named like a real field so bots do;
 * the wizard renders it hidden from sight and from assistive technology.
 */
export const HONEYPOT_FIELD = "website";

export function filledHoneypot(body: unknown) {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}

export function methodNotAllowed(allow: string) {
  return json({ error: `Use ${allow}.` }, 405, { allow });
}

/** The answer to a quote request, from createQuote's result. */
/** The 201 body of a stored quote (also what an Idempotency-Key's retry gets again). */
export function quoteCreatedBody(quote: CreatedQuote): QuoteCreatedResponse {
  const ref = encodeURIComponent(quote.reference);
  return {
    reference: quote.reference,
    resultUrl: `/quote-result?ref=${ref}`,
    bookingUrl: `/booking?ref=${ref}`,
    hours: quote.hours,
    cleaners: quote.cleaners,
    hourlyRateCents: quote.hourlyRateCents,
    totalCents: quote.totalCents,
    explanation: quote.explanation,
  };
}

export function createQuoteResponse(
  result: CreateQuoteResult,
  logger: Pick<Logger, "error" | "warn">,
): Response {
  if (result.ok) {
    const body = quoteCreatedBody(result.quote);
    return json(body, 201, { location: body.resultUrl });
  }
  const status = failureStatus(result.kind);
  if (result.kind === "invalid") {
    return json({ error: result.message, fieldErrors: result.fieldErrors }, status);
  }
  if (result.kind === "unavailable") {
    logger.error("quote not stored: database connection failed");
    return json({ error: result.message }, status, { "retry-after": "30" });
  }
  // The reason may name tables or constraints: it goes to the log, the visitor gets the spec's alert.
  logger.error({ reason: result.message }, "quote not stored");
  return json({ error: QUOTE_STORE_MESSAGES.generateFailed }, status);
}

export function estimateResponse(result: QuoteEstimateResult): Response {
  if (!result.ok) {
    const body = { error: result.message, fieldErrors: result.fieldErrors };
    return json(body, failureStatus(result.kind));
  }
  const { hours, cleaners, hourlyRateCents, totalCents, explanation, factors, fallback } =
    result.estimate;
  const body: EstimateResponse = {
    hours,
    cleaners,
    hourlyRateCents,
    totalCents,
    explanation,
    factors,
    fallback,
  };
  return json(body);
}

/** A honeypot hit: refused without saying why. */
export function spamResponse() {
  return json({ error: "This request could not be accepted." }, 400);
}
