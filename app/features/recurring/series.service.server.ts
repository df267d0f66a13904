import type { Kysely } from "kysely";
import { isFreeChangeWindow } from "~/features/bookings/booking-rules";
import { findQuoteToBookByQuoteId } from "~/features/quote/quote-lifecycle.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { formatLongDate } from "~/lib/format";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { describeSeries, frequencyOf, seriesRule, type RepeatingFrequency } from "./recurrence";
import { SERIES_MESSAGES as M, seriesStatusLabel } from "./recurring-messages";
import { seriesCalendar } from "./series-calendar.server";
import { sweepSeriesNow } from "./series-sweep.service.server";
import {
  claimOccurrence,
  findOccurrencesFrom,
  findOccurrenceOfBooking,
  findSeriesById,
  findSeriesOfCustomer,
  findSeriesOfQuote,
  insertSeries,
  type RecurringSeriesRow,
} from "./recurring.repository.server";
import { discountedVisitCents } from "./visit-pricing";

// Recurring series (docs/decisions/0073-series-occurrences-are-bookings.md): started from a
// booking the customer just made (its first visit), and read by My Bookings, the back office and
// the other features that show a customer's regular cleans.

/** The booking a series starts from: its first visit. */
export type FirstVisit = {
  id: string;
  quoteId: string;
  customerId: string | null;
  date: string;
  timeSlot: string;
  address: string;
  suburb: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
};

/**
 * Starts a series from a booking just made (its first visit, already priced with the
 * frequency's discount): the rule from the booking's weekday, and the first occurrence linked to
 * the booking, in one transaction. The sweep books the visits after it.
 */
export async function startSeriesFromBooking(
  db: Kysely<Database>,
  input: {
    booking: FirstVisit;
    frequency: RepeatingFrequency;
    plan?: string | null;
    now?: Date;
    /** When given, the visits ahead are booked at once rather than at the sweep's next run */
    publicUrl?: string;
  },
): Promise<Result<{ seriesId: string }>> {
  const { booking, frequency } = input;
  const now = input.now ?? new Date();
  const quote = await findQuoteToBookByQuoteId(db, booking.quoteId);
  if (!quote || quote.totalCents === null || !booking.customerId) {
    return failure("invalid", M.notRepeatable);
  }
  const at = now.toISOString();
  const row: RecurringSeriesRow = {
    id: newId(),
    customer_id: booking.customerId,
    quote_id: quote.id,
    plan: input.plan ?? null,
    rule: seriesRule(frequency, booking.date),
    starts_on: booking.date,
    time_slot: booking.timeSlot,
    address: booking.address,
    suburb: booking.suburb,
    postcode: booking.postcode,
    lat: booking.lat,
    lng: booking.lng,
    // docs/decisions/0072-plans-and-visit-prices.md: a plan's quote is priced at the plan's
    // visit price already; a quoted job takes the frequency's discount.
    visit_price_cents: input.plan
      ? quote.totalCents
      : discountedVisitCents(quote.totalCents, frequency),
    status: "active",
    paused_until: null,
    booked_through: booking.date,
    created_at: at,
    updated_at: at,
    cancelled_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertSeries(trx, row);
    await claimOccurrence(trx, {
      id: newId(),
      series_id: row.id,
      occurrence_date: booking.date,
      booking_id: booking.id,
      status: "booked",
      created_at: at,
      updated_at: at,
    });
  });
  if (input.publicUrl !== undefined) {
    await sweepSeriesNow(db, row.id, { publicUrl: input.publicUrl, now });
  }
  return { ok: true, seriesId: row.id };
}

/** One visit of a series as the customer and staff see it. */
export type SeriesVisit = {
  occurrenceId: string;
  /** The rule's date */
  occurrenceDate: string;
  /** Where the visit is booked now (a rescheduled visit differs from its rule's date) */
  date: string;
  timeSlot: string;
  status: "booked" | "skipped" | "unstaffed" | "cancelled";
  bookingId: string | null;
  bookingReference: string | null;
  /** Whether its booking is still to happen: staff may skip or move it at any time */
  live: boolean;
  /** Whether a customer may still skip or move it (live, and 24 hours or more ahead) */
  changeable: boolean;
};

export type SeriesView = {
  id: string;
  customerId: string;
  quoteId: string;
  plan: string | null;
  frequency: RepeatingFrequency;
  rule: string;
  startsOn: string;
  timeSlot: string;
  address: string;
  visitPriceCents: number;
  status: RecurringSeriesRow["status"];
  pausedUntil: string | null;
  /** "every second Tuesday at 9:00 AM" */
  wording: string;
  statusLabel: string;
  /** The visits from today on, booked or left out */
  upcoming: SeriesVisit[];
};

async function toView(
  db: Kysely<Database>,
  row: RecurringSeriesRow,
  now: Date,
): Promise<SeriesView> {
  const visits = await findOccurrencesFrom(db, row.id, sydneyDate(now));
  return {
    id: row.id,
    customerId: row.customer_id,
    quoteId: row.quote_id,
    plan: row.plan,
    frequency: frequencyOf(row.rule) ?? "weekly",
    rule: row.rule,
    startsOn: row.starts_on,
    timeSlot: row.time_slot,
    address: row.address,
    visitPriceCents: Number(row.visit_price_cents),
    status: row.status,
    pausedUntil: row.paused_until,
    wording: describeSeries(row.rule, row.starts_on, row.time_slot),
    statusLabel: seriesStatusLabel(row.status, row.paused_until, formatLongDate),
    upcoming: visits.map((visit) => visitView(visit, row.time_slot, now)),
  };
}

function visitView(
  visit: Awaited<ReturnType<typeof findOccurrencesFrom>>[number],
  seriesSlot: string,
  now: Date,
): SeriesVisit {
  const live =
    (visit.status === "booked" || visit.status === "unstaffed") &&
    visit.booking_status === "confirmed";
  const date = visit.scheduled_date ?? visit.occurrence_date;
  const timeSlot = visit.time_slot ?? seriesSlot;
  return {
    occurrenceId: visit.id,
    occurrenceDate: visit.occurrence_date,
    date,
    timeSlot,
    status: visit.status,
    bookingId: visit.booking_id,
    bookingReference: visit.booking_reference ?? null,
    live,
    changeable: live && isFreeChangeWindow(date, timeSlot, now),
  };
}

/** A customer's series, newest first, each with its visits from today on. */
export async function listCustomerSeries(
  db: Kysely<Database>,
  customerId: string,
  now = new Date(),
): Promise<SeriesView[]> {
  const rows = await findSeriesOfCustomer(db, customerId);
  return Promise.all(rows.map((row) => toView(db, row, now)));
}

/** One series; null when it does not exist. */
export async function getSeries(db: Kysely<Database>, seriesId: string, now = new Date()) {
  const row = await findSeriesById(db, seriesId);
  return row ? toView(db, row, now) : null;
}

/** The series a booking is a visit of, or null for a one-off booking. */
export async function findSeriesOfBooking(
  db: Kysely<Database>,
  bookingId: string,
  now = new Date(),
) {
  const occurrence = await findOccurrenceOfBooking(db, bookingId);
  return occurrence ? getSeries(db, occurrence.series_id, now) : null;
}

/**
 * The series whose visits are bookings of a quote, in a few words for a lead's details; null
 * for a quote booked once.
 */
export async function summariseSeriesOfQuote(db: Kysely<Database>, quoteId: string) {
  const row = await findSeriesOfQuote(db, quoteId);
  if (!row) return null;
  return {
    id: row.id,
    customerId: row.customer_id,
    wording: describeSeries(row.rule, row.starts_on, row.time_slot),
    statusLabel: seriesStatusLabel(row.status, row.paused_until, formatLongDate),
  };
}

/** The customer's calendar file for their own live series; null for anyone else's or a cancelled one. */
export async function calendarOfSeries(db: Kysely<Database>, seriesId: string, customerId: string) {
  const row = await findSeriesById(db, seriesId);
  if (!row || row.customer_id !== customerId || row.status === "cancelled") return null;
  const quote = await findQuoteToBookByQuoteId(db, row.quote_id);
  const business = await getBusinessProfile(db);
  return seriesCalendar({
    id: row.id,
    rule: row.rule,
    startsOn: row.starts_on,
    timeSlot: row.time_slot,
    hours: quote?.hours ?? 3,
    address: row.address,
    summary: `${business.name}: regular clean`,
    business: { name: business.name, email: business.email },
  });
}
