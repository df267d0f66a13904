import { seriesRule, type RepeatingFrequency } from "~/features/recurring/recurrence";
import { discountedVisitCents } from "~/features/recurring/visit-pricing";
import { sha256 } from "~/lib/crypto.server";
import { newId, newReference, newToken } from "~/lib/ids";
import { addDays, addHours, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import type {
  NewAssignment,
  NewBooking,
  RecurringSeriesRow,
  SeriesOccurrenceRow,
} from "~/server/database";
import type { SeedContext } from "./seed-rows";

// docs/decisions/0073-series-occurrences-are-bookings.md: a few of the demo's bookings are the
// first visits of regular cleans, one active, one paused and one cancelled. The series' sweep,
// run by the outbox worker when the server starts, books their later visits. The paused and the
// cancelled ones start from a clean already done: pausing leaves out every visit before the pause
// ends and cancelling cancels every visit to come, so neither can have an upcoming visit still
// booked.
//
// One more weekly clean has a failed card charge to look at
// (docs/decisions/0093-save-a-card-after-the-first-visit.md): its first visit, done two to four
// weeks ago, was paid, and its second, done a week later, is left unpaid here for
// card-charges.server.ts to charge to a card that declines after the clean. Early enough that
// the retry schedule's three tries are all behind us.

type Shape = {
  frequency: RepeatingFrequency;
  status: RecurringSeriesRow["status"];
  /** The series whose second visit's card charge fails */
  declinedCard?: true;
};

const SHAPES: Shape[] = [
  { frequency: "weekly", status: "active" },
  { frequency: "fortnightly", status: "active" },
  { frequency: "fortnightly", status: "paused" },
  { frequency: "every_4_weeks", status: "cancelled" },
  { frequency: "weekly", status: "active", declinedCard: true },
];

/** How long a demo visit takes on site, for its completion time. */
const VISIT_HOURS = 3;

/** The visit the demo charges to a declining card, and the card's holder. */
export type DeclinedCardVisit = {
  bookingId: string;
  customerId: string;
  cardSavedAt: Date;
  completedAt: Date;
};

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
    const booking = shape.declinedCard
      ? firstOf("completed", (date) => date >= addDays(today, -28) && date <= addDays(today, -12))
      : shape.status === "active"
        ? firstOf("confirmed", (date) => date >= soon)
        : firstOf("completed", (date) => date < today);
    if (!booking) return;
    const id = seriesIdOf(i);
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
  const withCard = series.find(
    (one) => one.id === seriesIdOf(SHAPES.findIndex((shape) => shape.declinedCard)),
  );
  return { series, occurrences, ...declinedCardVisit(ctx, withCard, occurrences) };
}

const seriesIdOf = (index: number) => `demo-series-${index + 1}`;

/**
 * The second visit of the series whose card is declined, with its crew and occurrence (pushed
 * onto `occurrences`), and what card-charges.server.ts needs to charge it.
 */
function declinedCardVisit(
  ctx: SeedContext,
  series: RecurringSeriesRow | undefined,
  occurrences: SeriesOccurrenceRow[],
) {
  const first =
    series &&
    ctx.rows.bookings.find(
      (b) => b.id === occurrences.find((o) => o.series_id === series.id)?.booking_id,
    );
  if (!series || !first) return { visits: [], crews: [], declinedCard: null };
  const visit = secondVisit(first, series);
  series.booked_through = visit.scheduled_date;
  occurrences.push({
    id: `${series.id.replace("series", "occurrence")}-2`,
    series_id: series.id,
    occurrence_date: visit.scheduled_date,
    booking_id: visit.id,
    status: "booked",
    created_at: series.created_at,
    updated_at: series.updated_at,
  });
  // The card was saved on the payment success page, once the first visit was paid.
  const paid = ctx.rows.payments.find((p) => p.booking_id === first.id && p.paid_at);
  const declinedCard: DeclinedCardVisit = {
    bookingId: visit.id,
    customerId: first.customer_id!,
    cardSavedAt: new Date(paid?.paid_at ?? first.created_at),
    completedAt: new Date(visit.completed_at!),
  };
  return { visits: [visit], crews: sameCrewAWeekLater(ctx, first.id, visit.id), declinedCard };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const TIMES = [
  "response_deadline",
  "responded_at",
  "on_my_way_at",
  "checked_in_at",
  "checked_out_at",
  "created_at",
  "updated_at",
] as const;

/** The first visit's accepted crew, who did the second visit too: each time a week on. */
function sameCrewAWeekLater(ctx: SeedContext, firstId: string, visitId: string) {
  return ctx.rows.assignments
    .filter((a) => a.booking_id === firstId && a.status === "accepted")
    .map((a) => {
      const offer: NewAssignment = {
        ...a,
        id: newId(),
        booking_id: visitId,
        scheduled_date: addDays(a.scheduled_date, 7),
        token_hash: sha256(newToken()),
      };
      for (const key of TIMES) {
        const time = a[key];
        if (time) offer[key] = new Date(Date.parse(time) + WEEK_MS).toISOString();
      }
      return offer;
    });
}

/** The series' second visit, a week after the first: done, at the series' price, not yet paid. */
function secondVisit(first: NewBooking, series: RecurringSeriesRow): NewBooking {
  const date = addDays(first.scheduled_date, 7);
  const completedAt = addHours(sydneyInstant(date, first.time_slot), VISIT_HOURS).toISOString();
  return {
    ...first,
    id: newId(),
    reference: newReference(),
    scheduled_date: date,
    status: "completed",
    price_cents: series.visit_price_cents,
    discount_cents: 0,
    created_at: first.created_at,
    updated_at: completedAt,
    completed_at: completedAt,
    cancelled_at: null,
  };
}
