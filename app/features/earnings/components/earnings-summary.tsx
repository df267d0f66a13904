import { formatHours, formatMoney, formatShortDate, formatTimeSlot } from "~/lib/format";
import { EARNINGS_TEXT } from "../earnings-copy";
import type { CleanerEarnings } from "../earnings.service.server";

/** The three totals, then each week's jobs with their hours and pay. */
export function EarningsSummary({ earnings }: { earnings: CleanerEarnings }) {
  const { totals } = earnings;
  const figures = [
    [EARNINGS_TEXT.toBePaid, totals.toBePaidCents, EARNINGS_TEXT.toBePaidHint],
    [EARNINGS_TEXT.onTheWay, totals.pendingCents, null],
    [EARNINGS_TEXT.paid, totals.paidCents, null],
  ] as const;
  return (
    <>
      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map(([label, cents, hint]) => (
          <div key={label} className="rounded-lg border border-line bg-white p-4">
            <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
            <dd className="mt-1 font-display text-2xl font-medium">{formatMoney(cents)}</dd>
            {hint && <dd className="text-xs text-ink-soft">{hint}</dd>}
          </div>
        ))}
      </dl>
      <section aria-labelledby="weeks" className="mt-10">
        <h2 id="weeks" className="font-display text-2xl font-medium">
          {EARNINGS_TEXT.weeksHeading}
        </h2>
        {earnings.weeks.length === 0 ? (
          <p className="mt-3 text-ink-soft">{EARNINGS_TEXT.noJobs}</p>
        ) : (
          <ul className="mt-4 grid gap-4">
            {earnings.weeks.map((week) => (
              <li key={week.weekOf} className="rounded-lg border border-line bg-white p-4">
                <h3 className="flex flex-wrap justify-between gap-2 font-semibold">
                  <span>{EARNINGS_TEXT.weekOf(formatShortDate(week.weekOf))}</span>
                  <span>
                    {formatHours(Math.round(week.hours * 100) / 100)} · {formatMoney(week.payCents)}
                  </span>
                </h3>
                <ul className="mt-2 grid gap-1 text-sm">
                  {week.jobs.map((job) => (
                    <li key={job.id} className="flex flex-wrap justify-between gap-2">
                      <span>
                        {formatShortDate(job.date)}, {formatTimeSlot(job.slot)} · {job.suburb}
                      </span>
                      <span>
                        {formatHours(Math.round(job.hours * 100) / 100)} (
                        {job.measured ? EARNINGS_TEXT.measured : EARNINGS_TEXT.estimated}) ·{" "}
                        {formatMoney(job.payCents)}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The cleaner's payouts and their status. */
export function PayoutList({ payouts }: { payouts: CleanerEarnings["payouts"] }) {
  return (
    <section aria-labelledby="payouts" className="mt-10">
      <h2 id="payouts" className="font-display text-2xl font-medium">
        {EARNINGS_TEXT.payoutsHeading}
      </h2>
      {payouts.length === 0 ? (
        <p className="mt-3 text-ink-soft">{EARNINGS_TEXT.noPayouts}</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {payouts.map((payout) => (
            <li
              key={payout.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-white p-4 text-sm"
            >
              <div>
                <p className="font-semibold">
                  {formatShortDate(payout.payoutDate)} · {payout.reference}
                </p>
                {payout.periodStart && payout.periodEnd && (
                  <p className="text-ink-soft">
                    {EARNINGS_TEXT.period(
                      formatShortDate(payout.periodStart),
                      formatShortDate(payout.periodEnd),
                    )}
                  </p>
                )}
              </div>
              <p className="text-right">
                <span className="block font-semibold">{formatMoney(payout.amountCents)}</span>
                <span>{EARNINGS_TEXT.payoutStatus[payout.status]}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
