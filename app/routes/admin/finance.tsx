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
  parseFinanceQuery,
  type FinanceQuery,
} from "~/features/finance/finance.schema";
import { getFinanceOverview, getTransactionsPage } from "~/features/finance/finance.service.server";
import { refundAction } from "~/features/finance/refund-action.server";
import { createPayout } from "~/features/finance/new-payout.service.server";
import {
  defaultPayoutPeriod,
  getPayoutsPage,
  listPayableCleaners,
  markPayoutPaid,
  retryPayout,
  type RetryResult,
} from "~/features/finance/payouts.service.server";
import { readFormData } from "~/lib/http.server";
import type { AppContext } from "~/server/context";
import type { Route } from "./+types/finance";

export const meta: Route.MetaFunction = (args) => adminMeta(args, FINANCE_TITLE);

async function loadView(context: AppContext, query: FinanceQuery): Promise<FinanceData> {
  const db = context.db;
  if (query.view === "overview") {
    return { view: "overview", overview: await getFinanceOverview(db, { period: query.period }) };
  }
  if (query.view === "transactions") {
    return { view: "transactions", ...(await getTransactionsPage(db, query)) };
  }
  const [page, cleaners] = await Promise.all([
    getPayoutsPage(db, { after: query.after, encryptionKey: context.config.dataEncryptionKey }),
    listPayableCleaners(db),
  ]);
  return { view: "payouts", ...page, cleaners, defaultPeriod: defaultPayoutPeriod() };
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

const MARK_PAID_REFUSALS = {
  "already-paid": [FINANCE_TEXT.alreadyPaid, 409],
  "not-pending": [FINANCE_TEXT.notPending, 409],
  "not-found": [FINANCE_TEXT.payoutNotFound, 404],
} as const;

async function refund(request: Request, context: AppContext, form: FormData) {
  const { staff } = await requirePermission(request, context, "refunds.issue");
  return refundAction(context, staff.id, form);
}

const RETRY_REFUSALS = {
  "not-failed": [FINANCE_TEXT.notFailed, 409],
  "not-found": [FINANCE_TEXT.payoutNotFound, 404],
} as const;

function retryAnswer(outcome: RetryResult) {
  if (outcome.kind === "retried") {
    const title = FINANCE_TEXT.payoutRetried;
    return data<PayoutActionResult>({
      intent: "retry-payout",
      ok: true,
      toast: { tone: "saved", title },
    });
  }
  const [error, status] =
    outcome.kind === "overlap"
      ? [FINANCE_TEXT.retryOverlap(outcome.references), 409]
      : RETRY_REFUSALS[outcome.kind];
  return data<PayoutActionResult>(
    { intent: "retry-payout", error, toast: { tone: "failed", title: error } },
    status,
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
      return data<PayoutActionResult>({ intent, ...result }, 400);
    }
    const recorded = result.adjustment
      ? FINANCE_TEXT.adjustmentRecorded
      : FINANCE_TEXT.payoutRecorded;
    const title = `${recorded}: ${result.reference}`;
    return data<PayoutActionResult>({ intent, ok: true, toast: { tone: "saved", title } });
  }
  if (intent === "mark-paid") {
    const outcome = await markPayoutPaid(context.db, String(form.get("payoutId") ?? ""), actor);
    if (outcome !== "paid") {
      const [error, status] = MARK_PAID_REFUSALS[outcome];
      return data<PayoutActionResult>(
        { intent, error, toast: { tone: "failed", title: error } },
        status,
      );
    }
    const title = FINANCE_TEXT.payoutPaid;
    return data<PayoutActionResult>({ intent, ok: true, toast: { tone: "saved", title } });
  }
  if (intent === "retry-payout") {
    return retryAnswer(await retryPayout(context.db, String(form.get("payoutId") ?? ""), actor));
  }
  return data<PayoutActionResult>({ intent: "mark-paid", error: "Unknown request." }, 400);
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
