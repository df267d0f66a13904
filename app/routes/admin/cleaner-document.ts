import { data } from "react-router";
import { requirePermission } from "~/features/auth/require-staff.server";
import { APPLICATION_TEXT } from "~/features/cleaners/application-review";
import { openApplicationDocument } from "~/features/cleaners/application-documents.service.server";
import type { Route } from "./+types/cleaner-document";

// GET /admin/cleaners/:id/documents/:documentId: a document attached to an application, the
// only way its file leaves private storage
// (docs/decisions/0056-application-outcomes-and-documents.md). Owners only
// (cleaner-documents.manage); always a download, never shown inline, never cached; each
// download is audited.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "cleaner-documents.manage");
  const document = await openApplicationDocument(
    context.db,
    context.config,
    params.id,
    params.documentId,
    { staffId: staff.id, ip: context.clientIp },
  );
  if (!document) throw data({ error: APPLICATION_TEXT.documentNotFound }, { status: 404 });
  return new Response(document.body, {
    headers: {
      "Content-Type": document.mime,
      "Content-Length": String(document.size),
      // The stored name is already limited to safe characters; the UTF-8 form says so too.
      "Content-Disposition": `attachment; filename="${document.fileName}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
