import { newId, newReference } from "~/lib/ids";
import type { NewPayout, PayoutStatus } from "~/server/database";
import type { CompletedJob, SeedContext } from "./seed-rows";
import { addDays, mondayOf, sydneyDate, sydneyInstant } from "~/lib/sydney-time";

// Cleaners are paid weekly for the jobs they finished: the hours of each job at the business's
// cleaner pay rate, paid on the Friday after the week closes. Each payout writes its ledger line
// (docs/decisions/0021-one-definition-of-money-figures.md: completed payouts count as expenses).

export function addPayouts(ctx: SeedContext) {
  const weeks = new Map<string, CompletedJob[]>();
  for (const job of ctx.completedJobs) {
    const key = `${job.cleaner.row.id} ${mondayOf(sydneyDate(job.completedAt))}`;
    weeks.set(key, [...(weeks.get(key) ?? []), job]);
  }
  for (const jobs of weeks.values()) {
    const monday = mondayOf(sydneyDate(jobs[0]!.completedAt));
    const closedAt = sydneyInstant(addDays(monday, 7), "09:00");
    if (closedAt > ctx.now) continue; // the week is not over yet
    const payDate = addDays(monday, 11);
    const amount = jobs.reduce(
      (sum, job) => sum + Math.round(job.hours * ctx.pricing.cleanerPayRateCents),
      0,
    );
    const cleaner = jobs[0]!.cleaner;
    const settled = payDate <= ctx.today;
    // Now and then a bank rejects a transfer; staff send it again a few days later.
    if (settled && ctx.random.chance(0.05)) {
      addPayout(ctx, cleaner.row.id, cleaner.row.name, amount, "failed", payDate, closedAt);
      const retryDate = addDays(payDate, 3);
      const retryAt = sydneyInstant(addDays(payDate, 1), "10:00");
      if (retryAt <= ctx.now) {
        const status = retryDate <= ctx.today ? "completed" : "pending";
        addPayout(ctx, cleaner.row.id, cleaner.row.name, amount, status, retryDate, retryAt);
      }
    } else {
      const status = settled ? "completed" : "pending";
      addPayout(ctx, cleaner.row.id, cleaner.row.name, amount, status, payDate, closedAt);
    }
  }
}

function addPayout(
  ctx: SeedContext,
  cleanerId: string,
  cleanerName: string,
  amount: number,
  status: PayoutStatus,
  payoutDate: string,
  createdAt: Date,
) {
  const payout: NewPayout = {
    id: newId(),
    cleaner_id: cleanerId,
    amount_cents: amount,
    status,
    payout_date: payoutDate,
    reference: newReference("PO"),
    created_by: ctx.staffId,
    created_at: createdAt.toISOString(),
    updated_at: createdAt.toISOString(),
  };
  ctx.rows.payouts.push(payout);
  ctx.rows.transactions.push({
    id: newId(),
    reference_id: payout.reference,
    description: `Weekly payout, ${cleanerName}`,
    type: "payout",
    amount_cents: amount,
    category: null,
    status,
    payment_id: null,
    payout_id: payout.id,
    created_at: payout.created_at,
  });
}
