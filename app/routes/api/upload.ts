import { json } from "~/features/quote/quote-api.server";
import { UPLOAD_MESSAGES } from "~/features/uploads/upload-messages";
import { readUpload } from "~/features/uploads/uploads.service.server";
import type { Route } from "./+types/upload";

// GET /api/uploads/:id: a stored quote photo, served from our own origin (docs/decisions/0010-photo-uploads.md). Ids are random
// UUIDs, so a photo is found only through the quote that holds it.
export async function loader({ params, context }: Route.LoaderArgs) {
  const upload = await readUpload(context.db, context.config, params.id);
  if (!upload) return json({ error: UPLOAD_MESSAGES.notFound }, 404);
  return new Response(new Uint8Array(upload.bytes), {
    headers: {
      "content-type": upload.mime,
      "content-length": String(upload.bytes.length),
      "cache-control": "private, max-age=86400",
      "content-disposition": "inline",
    },
  });
}
