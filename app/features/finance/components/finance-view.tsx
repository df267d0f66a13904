import { Download } from "lucide-react";
import { Link, useLocation } from "react-router";
import { ErrorState } from "~/components/kit/error-state";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import { FilterForm, FilterSelect } from "~/components/kit/filter-form";
import { FilterSheet } from "~/components/kit/filter-sheet";
import { PageHeader } from "~/components/kit/page-header";
import { buttonClasses } from "~/components/ui/button";
import type { FinanceOverview, FinanceTransaction } from "../finance.service.server";
import {
  FINANCE_PERIODS,
  FINANCE_TEXT,
  FINANCE_VIEWS,
  PERIOD_LABELS,
  TYPE_FILTERS,
  TYPE_LABELS,
  VIEW_LABELS,
  type FinanceQuery,
  type FinanceView as View,
} from "../finance.schema";
import type { PayoutRow } from "../payouts.service.server";
import { NewPayoutDialog, type PayoutActionResult } from "./new-payout-dialog";
import { OverviewPanel } from "./overview-panel";
import { FailedChargesTable } from "./failed-charges-table";
import type { FailedCardCharge } from "~/features/payments/failed-charges.service.server";
import { PayoutsTable } from "./payouts-table";
import { TransactionsTable } from "./transactions-table";

export const FINANCE_TITLE = "Finance";
export const EXPORT_PATH = "/admin/finance/export.csv";

export type FinanceData =
  | { view: "overview"; overview: FinanceOverview; failedCharges: FailedCardCharge[] }
  | { view: "transactions"; transactions: FinanceTransaction[]; nextCursor: string | null }
  | {
      view: "payouts";
      payouts: PayoutRow[];
      nextCursor: string | null;
      cleaners: { id: string; name: string }[];
      defaultPeriod: { start: string; end: string };
      /** The reference the New other payment form is drawn with (a double post is one payment) */
      formReference: string;
    };

/** The finance screen (docs/product/back-office.md#finance): a view selector, filters, export. */
export function FinanceScreen({
  query,
  data,
  error,
  canPay,
  canRefund,
  actionResult,
}: {
  query: FinanceQuery;
  data: FinanceData | null;
  error: string | null;
  canPay: boolean;
  /** Owners may refund a booking's payment from its transaction */
  canRefund: boolean;
  /** The answer to the last Mark paid or Refund */
  actionResult?: PayoutActionResult;
}) {
  useResultToast(actionResult);
  const params = new URLSearchParams(useLocation().search);
  return (
    <>
      <PageHeader
        title={FINANCE_TITLE}
        actions={
          <>
            {data?.view === "payouts" && canPay && (
              <NewPayoutDialog
                cleaners={data.cleaners}
                defaultPeriod={data.defaultPeriod}
                formReference={data.formReference}
              />
            )}
            <ExportLink query={query} />
          </>
        }
      />
      <ViewSelector current={query.view} query={query} />
      {actionResult && <ActionAnswer result={actionResult} />}
      {query.view !== "payouts" && <Filters query={query} />}
      {error || !data ? (
        <ErrorState title={error ?? FINANCE_TEXT.loadError} />
      ) : data.view === "overview" ? (
        <div className="space-y-6">
          <OverviewPanel overview={data.overview} />
          <FailedChargesTable charges={data.failedCharges} />
        </div>
      ) : data.view === "transactions" ? (
        <TransactionsTable
          transactions={data.transactions}
          nextCursor={data.nextCursor}
          query={query}
          params={params}
          canRefund={canRefund}
        />
      ) : (
        <PayoutsTable
          payouts={data.payouts}
          nextCursor={data.nextCursor}
          after={query.after}
          params={params}
          canPay={canPay}
        />
      )}
    </>
  );
}

/** The CSV of what the screen shows: its view, and the filters that view takes. */
function ExportLink({ query }: { query: FinanceQuery }) {
  const exportQuery = new URLSearchParams({ view: query.view });
  if (query.view !== "payouts") exportQuery.set("period", query.period);
  if (query.view === "transactions") {
    exportQuery.set("type", query.type);
    exportQuery.set("sort", query.sort);
    exportQuery.set("dir", query.dir);
  }
  return (
    <a
      href={`${EXPORT_PATH}?${exportQuery.toString()}`}
      download
      className={buttonClasses(
        "outline",
        "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
      )}
    >
      <Download aria-hidden="true" className="size-4" strokeWidth={1.75} />
      Export
    </a>
  );
}

/** The answer to the last Mark paid or Refund. */
function ActionAnswer({ result }: { result: PayoutActionResult }) {
  const hydrated = useHydrated();
  return (
    <div className="mb-4">
      {/* With JavaScript a toast says it; before it loads, this line does. */}
      <FormMessage message={result.error} />
      <FormMessage
        message={hydrated || result.error ? undefined : result.toast?.title}
        tone="success"
      />
    </div>
  );
}

/** Overview, Transactions, Other payments as links: the view is in the URL, so it can be shared. */
function ViewSelector({ current, query }: { current: View; query: FinanceQuery }) {
  return (
    <nav aria-label="Finance views" className="mb-5 border-b border-line dark:border-ivory/10">
      <ul className="flex gap-1 overflow-x-auto">
        {FINANCE_VIEWS.map((view) => {
          const href = new URLSearchParams({ view });
          if (view !== "payouts") href.set("period", query.period);
          const active = view === current;
          return (
            <li key={view}>
              <Link
                to={`?${href.toString()}`}
                aria-current={active ? "page" : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold ${
                  active
                    ? "border-gold-deep text-ink dark:border-gold dark:text-ivory"
                    : "border-transparent text-muted hover:text-ink dark:text-mist dark:hover:text-ivory"
                }`}
              >
                {VIEW_LABELS[view]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Period (and, for transactions, type). */
function Filters({ query }: { query: FinanceQuery }) {
  return (
    <FilterSheet
      className="mb-6"
      active={Number(query.period !== "month") + Number(query.type !== "all")}
    >
      <FilterForm>
        <input type="hidden" name="view" value={query.view} />
        {query.view === "transactions" && (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
          </>
        )}
        <FilterSelect
          id="finance-period"
          label="Period"
          name="period"
          value={query.period}
          options={FINANCE_PERIODS}
          labels={PERIOD_LABELS}
        />
        {query.view === "transactions" && (
          <FilterSelect
            id="finance-type"
            label="Type"
            name="type"
            value={query.type}
            options={TYPE_FILTERS}
            labels={TYPE_LABELS}
          />
        )}
      </FilterForm>
    </FilterSheet>
  );
}
