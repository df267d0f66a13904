import {
  json,
  methodNotAllowed,
  rateLimited,
  refuseCrossSiteWrite,
  UPLOAD_LIMITS,
} from "~/features/quote/quote-api.server";
import type { UploadResponse } from "~/features/quote/quote-api.schema";
import { UPLOAD_MESSAGES } from "~/features/uploads/upload-messages";
import { photoFileOf, storeQuotePhoto } from "~/features/uploads/uploads.service.server";
import { failureStatus } from "~/lib/result";
import type { Route } from "./+types/uploads";

// POST /api/uploads: one quote photo as multipart form data (field "photo"). docs/decisions/0010-photo-uploads.md: checked by its
// bytes, re-encoded without metadata, stored in the data folder, served from our own URL.
// The path sits under /api/uploads, which body-limit.server.ts gives room for a photo.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const crossSite = refuseCrossSiteWrite(request, context.config);
  if (crossSite) return crossSite;
  const limited = await rateLimited(context, { bucket: "upload", limits: UPLOAD_LIMITS });
  if (limited) return limited;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ error: UPLOAD_MESSAGES.missingFile }, 400);
  }
  // One photo per request, as the wizard sends them.
  const photo = photoFileOf(form);
  if ("error" in photo) return json({ error: photo.error }, 400);
  const bytes = photo.file ? Buffer.from(await photo.file.arrayBuffer()) : null;
  const result = await storeQuotePhoto(context.db, context.config, bytes ? { bytes } : null);
  if (!result.ok) return json({ error: result.message }, failureStatus(result.kind));
  const body: UploadResponse = result.upload;
  return json(body, 201, { location: body.url });
}

export function loader() {
  return methodNotAllowed("POST");
}
