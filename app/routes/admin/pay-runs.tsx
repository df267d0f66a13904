import { data, redirect } from "react-router";
import { requirePermission } from "~/features/auth/require-staff.server";
import type { PayrollActionResult } from "~/features/payroll/components/payroll-ui";
import { PayRunsScreen } from "~/features/payroll/components/pay-runs-screen";
import { buildPayRun, getPayRunsScreen } from "~/features/payroll/pay-runs.service.server";
import { BuildRunSchema, PAYROLL_TEXT } from "~/features/payroll/payroll.schema";
import { adminMeta } from "~/features/seo/admin-meta";
import { parseForm } from "~/lib/forms";
import { readFormData } from "~/lib/http.server";
import { failureStatus } from "~/lib/result";
import type { Route } from "./+types/pay-runs";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Pay runs");

// docs/decisions/0081-pay-runs-pay-a-line-once.md: owners only.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "payroll.manage");
  return { screen: await getPayRunsScreen(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "payroll.manage");
  const form = await readFormData(request);
  const parsed = parseForm(form, BuildRunSchema);
  if (form.get("intent") !== "build" || !parsed.ok) {
    return data<PayrollActionResult>(
      { intent: "build", error: PAYROLL_TEXT.notAPeriod },
      failureStatus("malformed"),
    );
  }
  const built = await buildPayRun(context.db, parsed.value.period, {
    staffId: staff.id,
    ip: context.clientIp,
  });
  if (!built.ok) {
    return data<PayrollActionResult>(
      { intent: "build", error: built.message, toast: { tone: "failed", title: built.message } },
      failureStatus(built.kind),
    );
  }
  return redirect(`/admin/pay-runs/${built.runId}`);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <PayRunsScreen screen={loaderData.screen} result={actionData} />;
}
