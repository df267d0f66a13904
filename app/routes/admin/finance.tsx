import { data } from "react-router";
import { adminMeta } from "~/features/seo/admin-meta";
import { requirePermission } from "~/features/auth/require-staff.server";
import { can } from "~/features/auth/permissions";
import {
  FINANCE_TITLE,
  FinanceScreen,
  type FinanceData,
} from "~/features/finance/components/finance-view";
import type { PayoutActionResult } from "~/features/finance/components/new-payout-dialog";
import {
  FINANCE_TEXT,
  newPayoutReference,
  parseFinanceQuery,
  type FinanceQuery,
} from "~/features/finance/finance.schema";
import { getFinanceOverview, getTransactionsPage } from "~/features/finance/finance.service.server";
import { refundAction } from "~/features/finance/refund-action.server";
import { listFailedCardCharges } from "~/features/payments/failed-charges.service.server";
import { createPayout } from "~/features/finance/new-payout.service.server";
import {
  defaultPayoutPeriod,
  getPayoutsPage,
  listPayableCleaners,
  markPayoutPaid,
  retryPayout,
} from "~/features/finance/payouts.service.server";
import { readFormData } from "~/lib/http.server";
import { failureStatus, type Result } from "~/lib/result";
import type { AppContext } from "~/server/context";
import type { Route } from "./+types/finance";

export const meta: Route.MetaFunction = (args) => adminMeta(args, FINANCE_TITLE);

async function loadView(context: AppContext, query: FinanceQuery): Promise<FinanceData> {
  const db = context.db;
  if (query.view === "overview") {
    const [overview, failedCharges] = await Promise.all([
      getFinanceOverview(db, { period: query.period }),
      listFailedCardCharges(db),
    ]);
    return { view: "overview", overview, failedCharges };
  }
  if (query.view === "transactions") {
    return { view: "transactions", ...(await getTransactionsPage(db, query)) };
  }
  const [page, cleaners] = await Promise.all([
    getPayoutsPage(db, { after: query.after, encryptionKey: context.config.dataEncryptionKey }),
    listPayableCleaners(db),
  ]);
  // The New other payment form's reference, drawn here so the server renders it.
  const formReference = newPayoutReference();
  return {
    view: "payouts",
    ...page,
    cleaners,
    defaultPeriod: defaultPayoutPeriod(),
    formReference,
  };
}

// docs/product/back-office.md#finance: ?view=&period=&type=&sort=&dir=&after=. A failure is the
// spec's red banner, never a 500 (docs/product/back-office.md#messages).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "finance.view");
  const query = parseFinanceQuery(new URL(request.url).searchParams);
  const canPay = can(staff.role, "payouts.pay");
  const canRefund = can(staff.role, "refunds.issue");
  try {
    return { query, data: await loadView(context, query), error: null, canPay, canRefund };
  } catch (error) {
    context.logger.error({ err: error }, "finance failed to load");
    return { query, data: null, error: FINANCE_TEXT.loadError, canPay, canRefund };
  }
}

async function refund(request: Request, context: AppContext, form: FormData) {
  const { staff } = await requirePermission(request, context, "refunds.issue");
  return refundAction(context, staff.id, form);
}

/** Mark paid and Retry: a toast saying what happened, or why not, with the failure's status. */
function statusAnswer(intent: "mark-paid" | "retry-payout", outcome: Result, done: string) {
  if (outcome.ok) {
    return data<PayoutActionResult>({ intent, ok: true, toast: { tone: "saved", title: done } });
  }
  const error = outcome.message;
  return data<PayoutActionResult>(
    { intent, error, toast: { tone: "failed", title: error } },
    failureStatus(outcome.kind),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  // Refunds and payouts are both owner-only, under permissions of their own.
  if (form.get("intent") === "refund") return refund(request, context, form);
  const { staff } = await requirePermission(request, context, "payouts.pay");
  const actor = { staffId: staff.id, ip: context.clientIp };
  const intent = form.get("intent");
  if (intent === "create-payout") {
    const result = await createPayout(context.db, form, actor);
    if (!result.ok) {
      const { fieldErrors, values } = result;
      return data<PayoutActionResult>({ intent, fieldErrors, values }, failureStatus(result.kind));
    }
    const title = `${FINANCE_TEXT.payoutRecorded}: ${result.reference}`;
    return data<PayoutActionResult>({ intent, ok: true, toast: { tone: "saved", title } });
  }
  const payoutId = String(form.get("payoutId") ?? "");
  if (intent === "mark-paid") {
    const outcome = await markPayoutPaid(context.db, payoutId, actor);
    return statusAnswer(intent, outcome, FINANCE_TEXT.payoutPaid);
  }
  if (intent === "retry-payout") {
    const outcome = await retryPayout(context.db, payoutId, actor);
    return statusAnswer(intent, outcome, FINANCE_TEXT.payoutRetried);
  }
  return data<PayoutActionResult>(
    { intent: "mark-paid", error: "Unknown request." },
    failureStatus("malformed"),
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.intent === "create-payout" ? undefined : actionData;
  return (
    <FinanceScreen
      query={loaderData.query}
      data={loaderData.data}
      error={loaderData.error}
      canPay={loaderData.canPay}
      canRefund={loaderData.canRefund}
      actionResult={result}
    />
  );
}
