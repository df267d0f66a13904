import {
  createQuoteResponse,
  filledHoneypot,
  json,
  methodNotAllowed,
  quoteCreatedBody,
  rateLimited,
  refuseCrossSiteWrite,
  readJsonBody,
  spamResponse,
} from "~/features/quote/quote-api.server";
import {
  findReplay,
  IDEMPOTENCY_MESSAGES,
  readIdempotencyKey,
  rememberAnswer,
} from "~/features/quote/quote-idempotency.server";
import { createQuote } from "~/features/quote/quote.service.server";
import type { Route } from "./+types/quotes";

// POST /api/v1/quotes: the wizard payload in, a stored quote out (201), through the same service
// the wizard's own action uses. With an Idempotency-Key, a retry gets the first answer again.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const crossSite = refuseCrossSiteWrite(request, context.config);
  if (crossSite) return crossSite;
  const limited = await rateLimited(context);
  if (limited) return limited;
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const idempotent = readIdempotencyKey(request, read.text);
  if (idempotent === "invalid") return json({ error: IDEMPOTENCY_MESSAGES.invalidKey }, 400);
  if (idempotent) {
    const earlier = await replayOf(context, idempotent);
    if (earlier) return earlier;
  }
  if (filledHoneypot(read.body)) return spamResponse();
  const result = await createQuote(context.db, read.body, {
    publicUrl: context.config.publicUrl,
    withinTransaction: idempotent
      ? (trx, quote) =>
          rememberAnswer(trx, idempotent, { status: 201, body: quoteCreatedBody(quote) })
      : undefined,
  });
  // Two requests with one key at the same moment: the one that lost the race stored nothing,
  // and answers as the winner did.
  if (!result.ok && result.kind === "failed" && idempotent) {
    const earlier = await replayOf(context, idempotent);
    if (earlier) return earlier;
  }
  return createQuoteResponse(result, context.logger);
}

async function replayOf(
  context: Route.ActionArgs["context"],
  idempotent: NonNullable<Exclude<ReturnType<typeof readIdempotencyKey>, "invalid">>,
) {
  const replay = await findReplay(context.db, idempotent);
  if (replay.kind === "reused") return json({ error: IDEMPOTENCY_MESSAGES.reused }, 422);
  if (replay.kind === "replay") {
    const headers: Record<string, string> = { "idempotent-replayed": "true" };
    if (replay.body.resultUrl) headers.location = replay.body.resultUrl;
    return json(replay.body, replay.status, headers);
  }
  return null;
}

export function loader() {
  return methodNotAllowed("POST");
}
