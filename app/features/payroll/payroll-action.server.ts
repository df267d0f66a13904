import { data } from "react-router";
import { parseForm } from "~/lib/forms";
import { failureStatus, type Result } from "~/lib/result";
import type { AppContext } from "~/server/context";
import type { PayrollActionResult } from "./components/payroll-ui";
import { AdjustLineSchema, ApproveLinesSchema, PAYROLL_TEXT } from "./payroll.schema";
import { adjustLine, approveLines, type PayrollActor } from "./timesheets.service.server";

// The timesheets screen's two actions, after the route checked the permission each needs.

/** A refusal or a done step, as the toast and the line's form show it. */
export function payrollAnswer(intent: string, outcome: Result<object>, done: string) {
  if (outcome.ok) {
    return data<PayrollActionResult>({ intent, toast: { tone: "saved", title: done } });
  }
  return data<PayrollActionResult>(
    { intent, error: outcome.message, toast: { tone: "failed", title: outcome.message } },
    failureStatus(outcome.kind),
  );
}

export async function adjustLineAction(context: AppContext, form: FormData, actor: PayrollActor) {
  const lineId = String(form.get("lineId") ?? "");
  const parsed = parseForm(form, AdjustLineSchema);
  if (!parsed.ok) {
    const error = Object.values(parsed.fieldErrors)[0] ?? PAYROLL_TEXT.lineNotFound;
    return data<PayrollActionResult>(
      { intent: "adjust", lineId, error, fieldErrors: parsed.fieldErrors },
      failureStatus("malformed"),
    );
  }
  const outcome = await adjustLine(context.db, parsed.value, actor);
  if (!outcome.ok) {
    return data<PayrollActionResult>(
      {
        intent: "adjust",
        lineId,
        error: outcome.message,
        toast: { tone: "failed", title: outcome.message },
      },
      failureStatus(outcome.kind),
    );
  }
  return data<PayrollActionResult>({
    intent: "adjust",
    lineId,
    toast: { tone: "saved", title: PAYROLL_TEXT.lineAdjusted },
  });
}

export async function approveLinesAction(context: AppContext, form: FormData, actor: PayrollActor) {
  const parsed = parseForm(form, ApproveLinesSchema);
  if (!parsed.ok) {
    return payrollAnswer(
      "approve",
      { ok: false, kind: "malformed", message: PAYROLL_TEXT.nothingToApprove },
      "",
    );
  }
  const count = await approveLines(context.db, parsed.value.lineIds, actor);
  return payrollAnswer("approve", { ok: true }, PAYROLL_TEXT.linesApproved(count));
}
