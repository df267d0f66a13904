import { cleanerMeta } from "~/components/cleaner/cleaner-meta";
import { Container } from "~/components/ui/container";
import { CleanerAppNav } from "~/features/cleaner-app/components/cleaner-app-nav";
import {
  CLEANER_PRIVATE_HEADERS,
  requireCleaner,
} from "~/features/cleaner-app/cleaner-session.server";
import { EarningsSummary, PayoutList } from "~/features/earnings/components/earnings-summary";
import { EARNINGS_TEXT } from "~/features/earnings/earnings-copy";
import { loadCleanerEarnings } from "~/features/earnings/earnings.service.server";
import { loadCleanerPay } from "~/features/payroll/cleaner-earnings.service.server";
import { CleanerPayRuns, CleanerTips } from "~/features/payroll/components/cleaner-pay-runs";
import { formatMoney } from "~/lib/format";
import type { Route } from "./+types/earnings";

// /cleaner/earnings: the signed-in cleaner's hours and pay by week, their payouts and what is still
// to be paid (docs/decisions/0071-cleaner-earnings-and-calendar-feed.md), and their pay runs and
// tips (docs/decisions/0085-tips-ride-in-pay-runs.md). Only their own.

export const meta: Route.MetaFunction = ({ matches }) => cleanerMeta(matches, EARNINGS_TEXT.title);

export function headers() {
  return CLEANER_PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cleaner = await requireCleaner(request, context);
  const [earnings, pay] = await Promise.all([
    loadCleanerEarnings(context.db, cleaner.id),
    loadCleanerPay(context.db, cleaner.id),
  ]);
  return { ...earnings, pay };
}

export default function CleanerEarnings({ loaderData }: Route.ComponentProps) {
  return (
    <Container narrow className="py-8 sm:py-12">
      <CleanerAppNav />
      <h1 className="font-display text-3xl leading-tight font-medium sm:text-4xl">
        {EARNINGS_TEXT.title}
      </h1>
      <p className="mt-2 text-sm text-ink-soft">
        {EARNINGS_TEXT.rate(formatMoney(loaderData.rateCents))}
      </p>
      <EarningsSummary earnings={loaderData} />
      <CleanerPayRuns runs={loaderData.pay.runs} />
      <CleanerTips tips={loaderData.pay.tipsByJob} />
      <PayoutList payouts={loaderData.payouts} />
    </Container>
  );
}
