import { data } from "react-router";
import { findStaffSession } from "~/features/auth/require-staff.server";
import { findSignedInCleaner } from "~/features/cleaner-app/cleaner-session.server";
import { findSignedInCustomer } from "~/features/customers/customer-session.server";
import { openJobPhoto } from "~/features/job-visits/job-photos.service.server";
import type { Route } from "./+types/job-photo";

// GET /job-photos/:photoId: a job's before or after photo, for who may see it and 404 for
// anyone else, whoever they are (docs/decisions/0087-job-photos-and-on-my-way-texts.md). The
// request may carry a cleaner's, a member of staff's and a customer's session at once (one
// browser); each is read on its own and the service decides.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [cleaner, staff, customer] = await Promise.all([
    findSignedInCleaner(request, context),
    findStaffSession(request, context),
    findSignedInCustomer(request, context),
  ]);
  const photo = await openJobPhoto(context.db, context.config, params.photoId, {
    cleanerId: cleaner?.id ?? null,
    staff: staff?.staff ?? null,
    customerId: customer?.id ?? null,
  });
  if (!photo) {
    throw data(null, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  }
  return new Response(photo.body, {
    headers: {
      "Content-Type": photo.mime,
      "Content-Length": String(photo.size),
      // Who may see a photo can change (a setting, a session ending): never kept by a cache.
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
