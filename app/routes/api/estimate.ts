import {
  estimateResponse,
  methodNotAllowed,
  rateLimited,
  refuseCrossSiteWrite,
  ESTIMATE_LIMITS,
  readJsonBody,
} from "~/features/quote/quote-api.server";
import { estimateQuote } from "~/features/quote/quote.service.server";
import type { Route } from "./+types/estimate";

// POST /api/v1/estimate: hours, cleaners and total for a payload at today's rate; nothing stored.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const crossSite = refuseCrossSiteWrite(request, context.config);
  if (crossSite) return crossSite;
  const limited = await rateLimited(context, { bucket: "estimate", limits: ESTIMATE_LIMITS });
  if (limited) return limited;
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  return estimateResponse(await estimateQuote(context.db, read.body));
}

export function loader() {
  return methodNotAllowed("POST");
}
