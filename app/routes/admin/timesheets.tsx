import { data } from "react-router";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import { TimesheetsScreen } from "~/features/payroll/components/timesheets-screen";
import type { PayrollActionResult } from "~/features/payroll/components/payroll-ui";
import { adjustLineAction, approveLinesAction } from "~/features/payroll/payroll-action.server";
import { TimesheetQuerySchema } from "~/features/payroll/payroll.schema";
import { getTimesheet } from "~/features/payroll/timesheets.service.server";
import { adminMeta } from "~/features/seo/admin-meta";
import { readFormData } from "~/lib/http.server";
import { failureStatus } from "~/lib/result";
import type { Route } from "./+types/timesheets";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Timesheets");

// docs/decisions/0080-pay-rules.md: staff see and adjust timesheet lines; owners approve them.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "timesheets.manage");
  const query = TimesheetQuerySchema.parse({
    from: new URL(request.url).searchParams.get("from") ?? undefined,
  });
  return {
    timesheet: await getTimesheet(context.db, query.from),
    canApprove: can(staff.role, "payroll.manage"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "approve") {
    const { staff } = await requirePermission(request, context, "payroll.manage");
    return approveLinesAction(context, form, { staffId: staff.id, ip: context.clientIp });
  }
  const { staff } = await requirePermission(request, context, "timesheets.manage");
  if (intent === "adjust") {
    return adjustLineAction(context, form, { staffId: staff.id, ip: context.clientIp });
  }
  return data<PayrollActionResult>(
    { intent: String(intent ?? ""), error: "Unknown request." },
    failureStatus("malformed"),
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TimesheetsScreen
      timesheet={loaderData.timesheet}
      canApprove={loaderData.canApprove}
      result={actionData}
    />
  );
}
