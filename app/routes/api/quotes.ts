import {
  createQuoteResponse,
  filledHoneypot,
  methodNotAllowed,
  rateLimited,
  refuseCrossSiteWrite,
  readJsonBody,
  spamResponse,
} from "~/features/quote/quote-api.server";
import { createQuote } from "~/features/quote/quote.service.server";
import type { Route } from "./+types/quotes";

// POST /api/v1/quotes: the wizard payload in, a stored quote out (201), through the same service
// the wizard's own action uses.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const crossSite = refuseCrossSiteWrite(request, context.config);
  if (crossSite) return crossSite;
  const limited = await rateLimited(context);
  if (limited) return limited;
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  if (filledHoneypot(read.body)) return spamResponse();
  const result = await createQuote(context.db, read.body, { publicUrl: context.config.publicUrl });
  return createQuoteResponse(result, context.logger);
}

export function loader() {
  return methodNotAllowed("POST");
}
