import { privateTargetReason } from "~/server/private-address.server";
import type { AttemptResult, DeliveryOutcome, WebhookPayload } from "./outbox.schema";
import { signWebhook } from "./webhook-signature.server";

export type WebhookRequest = {
  /** The outbox message id: the webhook-id header, the same on every retry. */
  id: string;
  payload: WebhookPayload;
  /** URLs in the order to try them; the first 2xx ends the attempt. */
  urls: string[];
  /** whsec_…; without it the request goes unsigned. */
  secret: string | undefined;
  timeoutMs: number;
  /** WEBHOOK_PRIVATE_TARGETS=on: loopback and private addresses may be posted to. */
  allowPrivateTargets: boolean;
  /** Aborted when the worker is stopping. */
  signal: AbortSignal;
  now: () => Date;
};

/** The text staff see when no URL is set for a message's route. */
export const NO_WEBHOOK_URL = "No webhook URL is configured";

/**
 * One attempt at a webhook: each URL in turn until one answers 2xx (docs/product/public-site.md#calls-and-webhooks), one
 * attempt row per URL tried. Never throws: every failure becomes a recorded result.
 */
export async function deliverWebhook(request: WebhookRequest): Promise<DeliveryOutcome> {
  if (request.urls.length === 0) {
    const skipped: AttemptResult = {
      target: "none",
      outcome: "skipped",
      statusCode: null,
      error: NO_WEBHOOK_URL,
      attemptedAt: request.now().toISOString(),
      durationMs: 0,
    };
    return { outcome: "skipped", attempts: [skipped], error: NO_WEBHOOK_URL, statusCode: null };
  }

  // Serialised once from the stored body, so every URL and every retry gets the same bytes.
  const body = JSON.stringify(request.payload.body);
  const attempts: AttemptResult[] = [];
  for (const url of request.urls) {
    const result = await postOnce(url, body, request);
    if (request.signal.aborted)
      return { outcome: "aborted", attempts, error: null, statusCode: null };
    attempts.push(result);
    if (result.outcome === "delivered") {
      return { outcome: "delivered", attempts, error: null, statusCode: result.statusCode };
    }
  }

  const last = attempts.at(-1)!;
  // docs/product/public-site.md#messages: one URL failing reads "Webhook failed with status: {code}"; when a
  // test-then-production pair both fail, the message reads "Failed to send message to any webhook".
  const error = attempts.length > 1 ? "Failed to send message to any webhook" : last.error;
  return { outcome: "failed", attempts, error, statusCode: last.statusCode };
}

async function postOnce(
  url: string,
  body: string,
  request: WebhookRequest,
): Promise<AttemptResult> {
  const attemptedAt = request.now();
  // Per attempt: a fresh timestamp, so a receiver's replay window holds on retries too.
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "webhook-id": request.id,
    "webhook-timestamp": String(timestamp),
  };
  if (request.secret) {
    headers["webhook-signature"] = signWebhook(request.secret, request.id, timestamp, body);
  }

  const started = performance.now();
  const refusal = request.allowPrivateTargets ? null : await privateTargetReason(url);
  const result = (
    fields: Pick<AttemptResult, "outcome" | "statusCode" | "error">,
  ): AttemptResult => ({
    target: url,
    attemptedAt: attemptedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    ...fields,
  });

  // Checked again at each try, as a name can be pointed somewhere else after it was saved.
  if (refusal) {
    return result({ outcome: "failed", statusCode: null, error: `Webhook refused: ${refusal}` });
  }

  // One controller and a plain timer, both held until the try ends: a signal made with
  // AbortSignal.any(AbortSignal.timeout(…)) can be garbage-collected while fetch waits (a Node
  // bug), and then a host that never answers holds the try forever.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The try timed out", "TimeoutError")),
    request.timeoutMs,
  );
  const stop = () => controller.abort(request.signal.reason);
  request.signal.addEventListener("abort", stop, { once: true });
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      // A redirect would turn the POST into a GET without its body: report it, do not follow it.
      redirect: "manual",
      signal: controller.signal,
    });
    // docs/product/public-site.md#calls-and-webhooks: only the response status is read.
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) {
      return result({ outcome: "delivered", statusCode: response.status, error: null });
    }
    return result({
      outcome: "failed",
      statusCode: response.status,
      error: `Webhook failed with status: ${response.status}`,
    });
  } catch (error) {
    return result({ outcome: "failed", statusCode: null, error: describeFailure(error, request) });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", stop);
  }
}

function describeFailure(error: unknown, request: WebhookRequest) {
  if (error instanceof Error && error.name === "TimeoutError") {
    return `Webhook timed out after ${request.timeoutMs} ms`;
  }
  if (request.signal.aborted) return "Worker stopped during the request";
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  const reason = cause?.code ?? (error instanceof Error ? error.message : String(error));
  return `Webhook request failed: ${reason}`;
}
