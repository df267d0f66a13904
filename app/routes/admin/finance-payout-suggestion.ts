import { data } from "react-router";
import { requirePermission } from "~/features/auth/require-staff.server";
import { PayoutSuggestionQuerySchema } from "~/features/finance/finance.schema";
import { suggestPayout } from "~/features/finance/new-payout.service.server";
import type { Route } from "./+types/finance-payout-suggestion";

// The New Payout dialog's suggested amount: the cleaner's finished jobs in the period x the pay
// rate, less what was already paid for it (docs/decisions/0014-buttons-that-work.md,
// docs/decisions/0043-payouts-and-refunds.md). JSON for the dialog; owners only, as paying is.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "payouts.pay");
  const parsed = PayoutSuggestionQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success) return data(null, 400);
  return suggestPayout(context.db, parsed.data);
}
