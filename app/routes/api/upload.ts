import { json } from "~/features/quote/quote-api.server";
import { UPLOAD_MESSAGES } from "~/features/uploads/upload-messages";
import { readUpload } from "~/features/uploads/uploads.service.server";
import type { Route } from "./+types/upload";

// GET /api/uploads/:id: a stored quote photo, served from our own origin (docs/decisions/0010-photo-uploads.md). Ids are random
// UUIDs, so a photo is found only through the quote that holds it. Streamed from the object
// storage (data folder or bucket: docs/decisions/0036-object-storage.md), never whole in memory.
export async function loader({ params, context }: Route.LoaderArgs) {
  const upload = await readUpload(context.db, context.config, params.id);
  if (!upload) return json({ error: UPLOAD_MESSAGES.notFound }, 404);
  return new Response(upload.body, {
    headers: {
      "content-type": upload.mime,
      "content-length": String(upload.size),
      "cache-control": "private, max-age=86400",
      "content-disposition": "inline",
    },
  });
}
