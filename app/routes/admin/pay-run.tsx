import { data, redirect } from "react-router";
import { requirePermission } from "~/features/auth/require-staff.server";
import type { PayrollActionResult } from "~/features/payroll/components/payroll-ui";
import { PayRunScreen } from "~/features/payroll/components/pay-run-screen";
import { payrollAnswer } from "~/features/payroll/payroll-action.server";
import {
  approvePayRun,
  deleteDraftRun,
  getPayRun,
  markPayRunPaid,
} from "~/features/payroll/pay-runs.service.server";
import { PAYROLL_TEXT } from "~/features/payroll/payroll.schema";
import { adminMeta } from "~/features/seo/admin-meta";
import { readFormData } from "~/lib/http.server";
import { failureStatus } from "~/lib/result";
import type { Route } from "./+types/pay-run";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Pay run");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "payroll.manage");
  const details = await getPayRun(context.db, params.id);
  if (!details) throw data(PAYROLL_TEXT.runNotFound, 404);
  return { details };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "payroll.manage");
  const actor = { staffId: staff.id, ip: context.clientIp };
  const intent = String((await readFormData(request)).get("intent") ?? "");
  if (intent === "approve") {
    return payrollAnswer(
      intent,
      await approvePayRun(context.db, params.id, actor),
      PAYROLL_TEXT.runApproved,
    );
  }
  if (intent === "pay") {
    const outcome = await markPayRunPaid(context.db, params.id, actor, {
      publicUrl: context.config.publicUrl,
    });
    return payrollAnswer(intent, outcome, PAYROLL_TEXT.runPaid);
  }
  if (intent === "delete") {
    const outcome = await deleteDraftRun(context.db, params.id, actor);
    if (outcome.ok) return redirect("/admin/pay-runs");
    return payrollAnswer(intent, outcome, PAYROLL_TEXT.runDeleted);
  }
  return data<PayrollActionResult>(
    { intent, error: "Unknown request." },
    failureStatus("malformed"),
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <PayRunScreen details={loaderData.details} result={actionData} />;
}
