import { buildOpenApiDocument } from "~/features/quote/quote-api.schema";
import type { Route } from "./+types/openapi";

// GET /api/v1/openapi.json, generated from the zod schemas the endpoints parse with.
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(buildOpenApiDocument(context.config.publicUrl), {
    headers: { "cache-control": "public, max-age=300" },
  });
}
