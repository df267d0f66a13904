import { formatMoney, formatShortDate } from "~/lib/format";
import { CLEANER_PAY_TEXT as TEXT } from "../cleaner-pay-copy";
import type { CleanerPayRun, TipOfJob } from "../cleaner-earnings.service.server";
import { hoursOf } from "../pay-run-summary";
import { periodLabel } from "../payroll-labels";

// The cleaner's pay runs and tips on their Earnings page, phone first
// (docs/decisions/0085-tips-ride-in-pay-runs.md).

const CARD = "rounded-lg border border-line bg-white p-4";

function RunFigures({ run }: { run: CleanerPayRun }) {
  const rows: [string, number][] = [
    [TEXT.wages, run.grossCents],
    ...(run.withholdingCents > 0
      ? [[TEXT.withheld, -run.withholdingCents] as [string, number]]
      : []),
    ...(run.tipsCents > 0 ? [[TEXT.tips, run.tipsCents] as [string, number]] : []),
  ];
  return (
    <details className="mt-2 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold underline underline-offset-4">
        {TEXT.summary}
      </summary>
      <p>{TEXT.jobs(run.lines.length, hoursOf(run.minutes))}</p>
      <dl className="mt-1 grid gap-1">
        {rows.map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatMoney(cents)}</dd>
          </div>
        ))}
        {run.superCents > 0 && (
          <div className="flex justify-between gap-2">
            <dt>{TEXT.super}</dt>
            <dd className="tabular-nums">{formatMoney(run.superCents)}</dd>
          </div>
        )}
      </dl>
      {run.status === "paid" && <p className="mt-2 text-ink-soft">{TEXT.remittance}</p>}
    </details>
  );
}

export function CleanerPayRuns({ runs }: { runs: CleanerPayRun[] }) {
  return (
    <section aria-labelledby="pay-runs" className="mt-10">
      <h2 id="pay-runs" className="font-display text-2xl font-medium">
        {TEXT.runsHeading}
      </h2>
      {runs.length === 0 ? (
        <p className="mt-3 text-ink-soft">{TEXT.noRuns}</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {runs.map((run) => (
            <li key={run.runId} className={CARD}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold">{periodLabel(run.periodStart, run.periodEnd)}</h3>
                  <p className="text-sm text-ink-soft">
                    {run.reference} ·{" "}
                    {run.status === "paid" && run.paidOn
                      ? TEXT.paidOn(formatShortDate(run.paidOn))
                      : TEXT.onTheWay}
                  </p>
                </div>
                <p className="text-right">
                  <span className="block text-sm text-ink-soft">{TEXT.total}</span>
                  <span className="font-display text-xl font-medium">
                    {formatMoney(run.netCents)}
                  </span>
                </p>
              </div>
              <RunFigures run={run} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CleanerTips({ tips }: { tips: TipOfJob[] }) {
  return (
    <section aria-labelledby="tips" className="mt-10">
      <h2 id="tips" className="font-display text-2xl font-medium">
        {TEXT.tipsHeading}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{TEXT.tipsIntro}</p>
      {tips.length === 0 ? (
        <p className="mt-3 text-ink-soft">{TEXT.noTips}</p>
      ) : (
        <ul className={`mt-4 grid gap-1 text-sm ${CARD}`}>
          {tips.map((tip) => (
            <li key={tip.bookingReference} className="flex flex-wrap justify-between gap-2">
              <span>{TEXT.tipFor(tip.bookingReference, formatShortDate(tip.jobDate))}</span>
              <span className="tabular-nums">{formatMoney(tip.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
