import { requirePermission } from "~/features/auth/require-staff.server";
import { exportFileName, financeCsvStream } from "~/features/finance/finance-export.server";
import { parseFinanceQuery } from "~/features/finance/finance.schema";
import { sydneyDate } from "~/lib/sydney-time";
import type { Route } from "./+types/finance-export";

// Export (docs/decisions/0014-buttons-that-work.md): the CSV of what /admin/finance shows for the
// same ?view=&period=&type=&sort=&dir=, streamed as it is read.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "finance.view");
  const query = parseFinanceQuery(new URL(request.url).searchParams);
  const stream = financeCsvStream(context.db, query, {
    encryptionKey: context.config.dataEncryptionKey,
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(query, sydneyDate(new Date()))}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
