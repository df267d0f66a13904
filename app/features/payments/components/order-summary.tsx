import { PAYMENT_COPY as COPY } from "../payment-copy";
import { formatMoney, formatRate } from "~/lib/format";

export type OrderSummaryData = {
  reference: string;
  service: string;
  hours: string | null;
  hourlyRateCents: number | null;
  priceCents: number;
  discountCents: number;
  totalCents: number;
};

/**
 * The order summary of docs/product/public-site.md#payment-details: service, hours, hourly rate
 * and total, with the rewards discount as its own line when the booking has one.
 */
export function OrderSummary({ order }: { order: OrderSummaryData }) {
  const rows: Array<{ label: string; value: string; testId: string }> = [
    { label: COPY.service, value: order.service, testId: "summary-service" },
  ];
  if (order.hours) rows.push({ label: COPY.hours, value: order.hours, testId: "summary-hours" });
  if (order.hourlyRateCents !== null) {
    rows.push({
      label: COPY.hourlyRate,
      value: `${formatRate(order.hourlyRateCents)} per cleaner-hour`,
      testId: "summary-rate",
    });
  }
  if (order.discountCents > 0) {
    rows.push({
      label: COPY.discount,
      value: `−${formatMoney(order.discountCents)}`,
      testId: "summary-discount",
    });
  }
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-lg border border-line bg-white p-6 sm:p-8"
    >
      <h2 id="order-summary-title" className="font-display text-2xl font-medium">
        {COPY.summaryTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Booking <span className="font-mono tracking-wider">{order.reference}</span>
      </p>
      <dl className="mt-6 divide-y divide-line">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 py-3">
            <dt className="text-ink-soft">{row.label}</dt>
            <dd data-testid={row.testId} className="text-right font-semibold">
              {row.value}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 pt-4">
          <dt className="font-semibold">{COPY.total}</dt>
          <dd className="text-right">
            <span data-testid="summary-total" className="font-display text-3xl font-medium">
              {formatMoney(order.totalCents)}
            </span>
            <span className="block text-sm text-ink-soft">{COPY.totalNote}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
