import { formatHours, formatMoney } from "~/lib/format";

/** What is being booked: the quote's service, hours and total as stored (docs/decisions/0003-one-hourly-rate.md). */
export function BookingSummaryCard({
  service,
  hours,
  totalCents,
  reference,
  children,
}: {
  service: string;
  hours: number;
  totalCents: number;
  reference: string;
  /** What comes off the total (the rewards lines), below it */
  children?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="booking-summary"
      className="rounded-lg border border-line bg-white p-6"
    >
      <h2 id="booking-summary" className="font-display text-xl font-medium">
        Your quote
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-ink-soft">Service</dt>
        <dd data-testid="booking-service">{service}</dd>
        <dt className="text-ink-soft">Hours</dt>
        <dd data-testid="booking-hours">{formatHours(hours)}</dd>
        <dt className="text-ink-soft">Total</dt>
        <dd data-testid="booking-total" className="font-semibold">
          {formatMoney(totalCents)}{" "}
          <span className="font-normal text-ink-soft">(GST included)</span>
        </dd>
        <dt className="text-ink-soft">Quote</dt>
        <dd className="font-mono">{reference}</dd>
      </dl>
      {children}
    </section>
  );
}
