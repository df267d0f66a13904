import { seriesRule, type RepeatingFrequency } from "~/features/recurring/recurrence";
import { discountedVisitCents } from "~/features/recurring/visit-pricing";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { RecurringSeriesRow, SeriesOccurrenceRow } from "~/server/database";
import type { SeedContext } from "./seed-rows";

// docs/decisions/0073-series-occurrences-are-bookings.md: a few of the demo's bookings are the
// first visits of regular cleans, one active, one paused and one cancelled. The series' sweep,
// run by the outbox worker when the server starts, books their later visits. The paused and the
// cancelled ones start from a clean already done: pausing leaves out every visit before the pause
// ends and cancelling cancels every visit to come, so neither can have an upcoming visit still
// booked.

const SHAPES: { frequency: RepeatingFrequency; status: RecurringSeriesRow["status"] }[] = [
  { frequency: "weekly", status: "active" },
  { frequency: "fortnightly", status: "active" },
  { frequency: "fortnightly", status: "paused" },
  { frequency: "every_4_weeks", status: "cancelled" },
];

export function buildDemoSeries(ctx: SeedContext) {
  const at = ctx.now.toISOString();
  const today = sydneyDate(ctx.now);
  const soon = addDays(today, 2);
  const quoteTotals = new Map(ctx.rows.quotes.map((q) => [q.id, q.total_cents ?? null]));
  const seen = new Set<string>();
  const firstOf = (status: "confirmed" | "completed", fitsDate: (date: string) => boolean) =>
    ctx.rows.bookings.find((b) => {
      const fits =
        b.status === status &&
        b.customer_id &&
        fitsDate(b.scheduled_date) &&
        quoteTotals.get(b.quote_id) &&
        !seen.has(b.customer_id);
      if (fits) seen.add(b.customer_id!);
      return fits;
    });
  const series: RecurringSeriesRow[] = [];
  const occurrences: SeriesOccurrenceRow[] = [];
  SHAPES.forEach((shape, i) => {
    const booking =
      shape.status === "active"
        ? firstOf("confirmed", (date) => date >= soon)
        : firstOf("completed", (date) => date < today);
    if (!booking) return;
    const id = `demo-series-${i + 1}`;
    series.push({
      id,
      customer_id: booking.customer_id!,
      quote_id: booking.quote_id,
      plan: null,
      rule: seriesRule(shape.frequency, booking.scheduled_date),
      starts_on: booking.scheduled_date,
      time_slot: booking.time_slot,
      address: booking.address,
      suburb: booking.suburb ?? null,
      postcode: booking.postcode ?? null,
      lat: booking.lat ?? null,
      lng: booking.lng ?? null,
      visit_price_cents: discountedVisitCents(quoteTotals.get(booking.quote_id)!, shape.frequency),
      status: shape.status,
      // Four weeks of visits left out from today, then booked again.
      paused_until: shape.status === "paused" ? addDays(today, 29) : null,
      booked_through: booking.scheduled_date,
      created_at: at,
      updated_at: at,
      cancelled_at: shape.status === "cancelled" ? at : null,
    });
    occurrences.push({
      id: `demo-occurrence-${i + 1}`,
      series_id: id,
      occurrence_date: booking.scheduled_date,
      booking_id: booking.id,
      status: "booked",
      created_at: at,
      updated_at: at,
    });
  });
  return { series, occurrences };
}
