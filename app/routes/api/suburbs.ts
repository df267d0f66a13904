import { json } from "~/features/quote/quote-api.server";
import { suggestSuburbs } from "~/features/suburbs/suburbs.service.server";
import type { Route } from "./+types/suburbs";

// GET /api/suburbs?q=: the quote wizard's address type-ahead (docs/decisions/0018-sydney-suburbs.md), at most 8 suburbs as
// { suburb, postcode, outsideArea } (suburbs outside the service area are marked, docs/decisions/0018-sydney-suburbs.md). Read-only and the same for everyone, so the answer may be cached for an
// hour by the browser; one-letter and over-long queries answer [] without touching the table.
const MAX_RESULTS = 8;
const MAX_QUERY = 40;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY + 1);
  const cache = { "cache-control": "public, max-age=3600" };
  if (query.trim().length < 2 || query.length > MAX_QUERY) return json([], 200, cache);
  return json(await suggestSuburbs(context.db, query, MAX_RESULTS), 200, cache);
}
