import type { Kysely } from "kysely";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { renderEmail } from "~/features/outbox/email/render-email";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { formatMoney, formatRate, formatShortDate } from "~/lib/format";
import type { Database, PayRunRow } from "~/server/database";
import { hoursOf, type CleanerPay, type RunLine, type RunTip } from "./pay-run-summary";
import { loadingLabel, periodLabel } from "./payroll-labels";

// The remittance advice each cleaner is emailed when their pay run is marked paid
// (docs/decisions/0081-pay-runs-pay-a-line-once.md): the period, every job with its hours and
// rate, the adjustments, the tips passed on (docs/decisions/0085-tips-ride-in-pay-runs.md), the
// total and, for employees, the super paid to their fund.

type RemittanceLine = RunLine & {
  cleaner_email: string;
  booking_reference: string;
  rate_cents: number;
  estimated: number;
  loading_kind: "saturday" | "sunday" | "public_holiday" | null;
  loading_percent: number;
  adjustment_reason: string | null;
};

function jobLine(line: RemittanceLine) {
  const loading = loadingLabel(line.loading_kind, line.loading_percent);
  const parts = [
    `${formatShortDate(line.work_date)}, job ${line.booking_reference}:`,
    `${hoursOf(line.minutes)} h${line.estimated ? " (estimated)" : ""} at ${formatRate(line.rate_cents)}/h`,
    loading ? `(${loading})` : "",
    `= ${formatMoney(line.base_cents)}`,
  ];
  const adjustment =
    line.adjustment_cents !== 0
      ? `; adjustment ${formatMoney(line.adjustment_cents)} (${line.adjustment_reason ?? ""})`
      : "";
  return `${parts.filter(Boolean).join(" ")}${adjustment}`;
}

function tipLine(tip: RunTip) {
  return `Tip for job ${tip.booking_reference}, paid ${formatShortDate(tip.sydney_date)}: ${formatMoney(tip.amount_cents)}`;
}

export function remittanceContent(run: PayRunRow, pay: CleanerPay<RemittanceLine>) {
  const paragraphs = [
    `Your pay for ${periodLabel(run.period_start, run.period_end)} (pay run ${run.reference}) has been sent to your bank account.`,
    ...pay.lines.map(jobLine),
    ...pay.tips.map(tipLine),
    `Jobs: ${pay.jobs}. Hours: ${hoursOf(pay.minutes)}. Earned: ${formatMoney(pay.baseCents)}. Adjustments: ${formatMoney(pay.adjustmentCents)}.`,
    ...(pay.tipsCents > 0
      ? [`Tips from clients: ${formatMoney(pay.tipsCents)}, passed on in full (not wages).`]
      : []),
    pay.withholdingCents > 0
      ? `Tax withheld: ${formatMoney(pay.withholdingCents)}. Paid to you: ${formatMoney(pay.netCents)}.`
      : `Paid to you: ${formatMoney(pay.netCents)}.`,
  ];
  if (pay.superCents > 0) {
    paragraphs.push(`Superannuation paid to your fund: ${formatMoney(pay.superCents)}.`);
  }
  paragraphs.push("Questions about this payment? Reply to this email.");
  return { heading: "Remittance advice", paragraphs };
}

export async function enqueueRemittances(
  trx: Kysely<Database>,
  input: {
    run: PayRunRow;
    pays: CleanerPay<RemittanceLine>[];
    profile: BusinessProfile;
    publicUrl: string;
  },
) {
  for (const pay of input.pays) {
    const email = pay.email;
    const rendered = renderEmail(
      {
        ...remittanceContent(input.run, pay),
        action: { label: "See your earnings", url: `${input.publicUrl}/cleaner` },
      },
      input.profile,
    );
    await enqueueEmail(trx, {
      topic: "pay_run.remittance",
      subjectType: "pay_run",
      subjectId: input.run.id,
      to: email,
      subject: `Remittance advice: ${formatMoney(pay.netCents)} from ${input.profile.name}`,
      replyTo: input.profile.email,
      html: rendered.html,
      text: rendered.text,
    });
  }
}
