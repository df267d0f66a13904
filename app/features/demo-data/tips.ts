import { NO_CATEGORY } from "~/features/ledger/ledger.server";
import type { NewTransaction } from "~/features/ledger/ledger.server";
import { splitTip } from "~/features/payments/tip-split";
import { newId } from "~/lib/ids";
import { addHours, sydneyDate } from "~/lib/sydney-time";
import type { NewTip, NewTipShare } from "~/server/database";
import type { SeedContext } from "./seed-rows";

// About one completed clean in six gets a tip a couple of hours after it ends, of $10, $20, $30
// or an amount of the customer's own, shared among the seats that accepted it
// (docs/decisions/0078-tips-go-to-the-crew.md), with its ledger line of type tip.

const AMOUNTS = [1_000, 2_000, 3_000, 2_500, 5_000];

export function buildDemoTips(ctx: SeedContext) {
  const tips: NewTip[] = [];
  const shares: NewTipShare[] = [];
  const transactions: NewTransaction[] = [];
  for (const booking of ctx.rows.bookings) {
    if (booking.status !== "completed" || !booking.completed_at) continue;
    if (!ctx.random.chance(1 / 6)) continue;
    const paidAt = addHours(new Date(booking.completed_at), 2);
    if (paidAt > ctx.now) continue;
    const crew = ctx.rows.assignments
      .filter((a) => a.booking_id === booking.id && a.status === "accepted")
      .map((a) => ({ seat: Number(a.seat ?? 1), cleanerId: a.cleaner_id }));
    if (crew.length === 0) continue;
    const amount = ctx.random.pick(AMOUNTS);
    const at = paidAt.toISOString();
    const tipId = newId();
    tips.push({
      id: tipId,
      booking_id: booking.id,
      amount_cents: amount,
      provider: "test",
      provider_reference: `test_ch_tip${tipId.replaceAll("-", "")}`,
      status: "paid",
      failure_reason: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
    });
    for (const share of splitTip(amount, crew)) {
      shares.push({
        id: newId(),
        tip_id: tipId,
        booking_id: booking.id,
        cleaner_id: share.cleanerId,
        seat: share.seat,
        amount_cents: share.amountCents,
        sydney_date: sydneyDate(paidAt),
        created_at: at,
      });
    }
    transactions.push({
      id: newId(),
      reference_id: booking.reference,
      description: `Tip for the crew of booking ${booking.reference}`,
      type: "tip",
      amount_cents: amount,
      category: NO_CATEGORY,
      status: "completed",
      payment_id: null,
      payout_id: null,
      created_at: at,
    });
  }
  return { tips, shares, transactions };
}
