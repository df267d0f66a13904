import { data } from "react-router";
import { requirePermission } from "~/features/auth/require-staff.server";
import { generateAbaFile } from "~/features/payroll/aba.service.server";
import { payRunCsv, xeroBillsCsv } from "~/features/payroll/payroll-export.server";
import { PAYROLL_TEXT } from "~/features/payroll/payroll.schema";
import { failureStatus } from "~/lib/result";
import type { Route } from "./+types/pay-run-file";

// A pay run's files (docs/decisions/0082-aba-bank-file.md): its lines and Xero bills as CSV, and
// the ABA file for the bank, which decrypts the cleaners' accounts and is audited each time.
function download(file: { fileName: string; body: string }, type: string) {
  return new Response(file.body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "payroll.manage");
  if (params.file === "lines.csv" || params.file === "xero-bills.csv") {
    const file =
      params.file === "lines.csv"
        ? await payRunCsv(context.db, params.id)
        : await xeroBillsCsv(context.db, params.id);
    if (!file) throw data(PAYROLL_TEXT.runNotFound, 404);
    return download(file, "text/csv; charset=utf-8");
  }
  if (params.file === "bank.aba") {
    const aba = await generateAbaFile(
      context.db,
      params.id,
      { staffId: staff.id, ip: context.clientIp },
      context.config.dataEncryptionKey,
    );
    if (!aba.ok) {
      return new Response(aba.message, {
        status: failureStatus(aba.kind),
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    return download(aba, "text/plain; charset=us-ascii");
  }
  throw data("Not found", 404);
}
