import type { Kysely, Transaction } from "kysely";
import {
  rescheduleBooking,
  type BookingChangeResult,
} from "~/features/bookings/booking-changes.service.server";
import { isCalendarDate, isFreeChangeWindow, isTimeSlot } from "~/features/bookings/booking-rules";
import { cancelOccurrenceBooking } from "~/features/bookings/series-bookings.service.server";
import { findQuoteToBookByQuoteId } from "~/features/quote/quote-lifecycle.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { failure, fieldFailure, type Result } from "~/lib/result";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { isRepeatingFrequency, seriesRule, type RepeatingFrequency } from "./recurrence";
import { SERIES_MESSAGES as M } from "./recurring-messages";
import {
  deleteOccurrencesFrom,
  findOccurrenceById,
  findOccurrencesFrom,
  findSeriesById,
  updateOccurrenceStatusIf,
  updateSeriesIf,
  type RecurringSeriesRow,
} from "./recurring.repository.server";
import { auditSeries, SERIES_AUDIT_ACTIONS } from "./series-audit.server";
import { sweepSeriesNow, type SweepCounts } from "./series-sweep.service.server";
import { discountedVisitCents } from "./visit-pricing";

// Changes to a series (docs/decisions/0073-series-occurrences-are-bookings.md): skip or move one
// visit, change all future ones, pause until a date, cancel. Customers change their own series,
// each visit 24 hours or more ahead (a visit inside that stays as it is); staff any, at any time.
// A visit's booking is cancelled or moved as any booking is: its crew's holds released or moved,
// its cleaners told.

export type SeriesActor =
  | { kind: "customer"; customerId: string }
  /** `customerId`: the customer whose page the change is made on, when it comes from one */
  | { kind: "staff"; staffUserId: string; customerId?: string };

export type SeriesChangeContext = { publicUrl: string; now?: Date };

type Loaded = { series: RecurringSeriesRow; business: BusinessProfile; quoteHours: number };

async function loadSeries(
  db: Kysely<Database>,
  seriesId: string,
  actor: SeriesActor,
): Promise<Result<Loaded>> {
  const series = await findSeriesById(db, seriesId);
  // Another customer's series reads as missing: nothing about it is revealed.
  if (!series || (actor.customerId && series.customer_id !== actor.customerId)) {
    return failure("not_found", M.notFound);
  }
  if (series.status === "cancelled") return failure("conflict", M.cancelled);
  const quote = await findQuoteToBookByQuoteId(db, series.quote_id);
  if (!quote) return failure("not_found", M.notFound);
  return { ok: true, series, business: await getBusinessProfile(db), quoteHours: quote.hours ?? 0 };
}

/** Whether the actor may still change a visit booked for (date, slot). */
function mayChange(actor: SeriesActor, date: string, slot: string, now: Date) {
  return actor.kind === "staff" || isFreeChangeWindow(date, slot, now);
}

/**
 * Cancels the booked visits from `from` up to (not including) `until` that the actor may still
 * change, marking each `status`, inside one transaction. Answers how many.
 */
async function leaveOutVisits(
  trx: Transaction<Database>,
  loaded: Loaded,
  input: {
    from: string;
    until: string | null;
    status: "skipped" | "cancelled";
    actor: SeriesActor;
    ctx: SeriesChangeContext;
    now: Date;
  },
) {
  const visits = await findOccurrencesFrom(trx, loaded.series.id, input.from);
  let count = 0;
  for (const visit of visits) {
    if (input.until && visit.occurrence_date >= input.until) break;
    if (visit.status !== "booked" && visit.status !== "unstaffed") continue;
    const date = visit.scheduled_date ?? visit.occurrence_date;
    if (!mayChange(input.actor, date, visit.time_slot ?? loaded.series.time_slot, input.now)) {
      continue;
    }
    await updateOccurrenceStatusIf(trx, visit.id, ["booked", "unstaffed"], {
      status: input.status,
      updated_at: input.now.toISOString(),
    });
    if (visit.booking_id) {
      await cancelOccurrenceBooking(trx, {
        bookingId: visit.booking_id,
        quote: { id: loaded.series.quote_id, hours: loaded.quoteHours },
        actor: input.actor,
        business: loaded.business,
        publicUrl: input.ctx.publicUrl,
        now: input.now,
      });
    }
    count += 1;
  }
  return count;
}

/** Leaves one visit out: its booking is cancelled, the series carries on. */
export async function skipVisit(
  db: Kysely<Database>,
  input: { occurrenceId: string; actor: SeriesActor },
  ctx: SeriesChangeContext,
): Promise<Result<object>> {
  const now = ctx.now ?? new Date();
  const occurrence = await findOccurrenceById(db, input.occurrenceId);
  if (!occurrence) return failure("not_found", M.visitNotFound);
  const loaded = await loadSeries(db, occurrence.series_id, input.actor);
  if (!loaded.ok)
    return loaded.kind === "not_found" ? failure("not_found", M.visitNotFound) : loaded;
  const [visit] = await findOccurrencesFrom(db, occurrence.series_id, occurrence.occurrence_date);
  if (!visit || (visit.status !== "booked" && visit.status !== "unstaffed")) {
    return failure("conflict", M.visitNotBooked);
  }
  const date = visit.scheduled_date ?? visit.occurrence_date;
  if (!mayChange(input.actor, date, visit.time_slot ?? loaded.series.time_slot, now)) {
    return failure("conflict", M.tooLateToChange);
  }
  await db.transaction().execute(async (trx) => {
    await leaveOutVisits(trx, loaded, {
      from: visit.occurrence_date,
      until: addDays(visit.occurrence_date, 1),
      status: "skipped",
      actor: input.actor,
      ctx,
      now,
    });
    await auditSeries(trx, {
      seriesId: loaded.series.id,
      actor: input.actor,
      action: SERIES_AUDIT_ACTIONS.skip,
      details: { date },
      at: now.toISOString(),
    });
  });
  return { ok: true };
}

/**
 * Moves one visit to another date and slot, as any booking moves (the 24-hour rule, a whole crew
 * free then, the cleaners asked again); the visit keeps its place in the series.
 */
export async function rescheduleVisit(
  db: Kysely<Database>,
  input: { occurrenceId: string; date: string; timeSlot: string; actor: SeriesActor },
  ctx: SeriesChangeContext,
): Promise<BookingChangeResult> {
  const occurrence = await findOccurrenceById(db, input.occurrenceId);
  if (!occurrence?.booking_id) return failure("not_found", M.visitNotFound);
  const loaded = await loadSeries(db, occurrence.series_id, input.actor);
  if (!loaded.ok) return failure("not_found", M.visitNotFound);
  return rescheduleBooking(
    db,
    {
      bookingId: occurrence.booking_id,
      date: input.date,
      timeSlot: input.timeSlot,
      actor: input.actor,
    },
    ctx,
  );
}

export type FutureChange = {
  seriesId: string;
  /** The first date on the new schedule; its weekday is the series' new day */
  startsOn: string;
  timeSlot: string;
  frequency: RepeatingFrequency;
  address: string;
  actor: SeriesActor;
};

export type FutureChangeField = "startsOn" | "timeSlot" | "frequency" | "address";

/**
 * Changes every visit from `startsOn` on: those visits' bookings are cancelled (their crews
 * released) and the series, with its new rule, slot, address and price, books them again at once.
 * A customer's change may not touch a visit inside its 24 hours.
 */
export async function changeFutureVisits(
  db: Kysely<Database>,
  change: FutureChange,
  ctx: SeriesChangeContext,
): Promise<Result<{ counts: SweepCounts }, FutureChangeField>> {
  const now = ctx.now ?? new Date();
  const checked = checkFutureChange(change, now);
  if (!checked.ok) return checked;
  const loaded = await loadSeries(db, change.seriesId, change.actor);
  if (!loaded.ok) return loaded;
  const { series } = loaded;
  const quote = await findQuoteToBookByQuoteId(db, series.quote_id);
  if (!quote?.totalCents) return failure("invalid", M.notRepeatable);
  const affected = await findOccurrencesFrom(db, series.id, change.startsOn);
  const locked = affected.some(
    (v) =>
      (v.status === "booked" || v.status === "unstaffed") &&
      !mayChange(change.actor, v.scheduled_date ?? v.occurrence_date, v.time_slot ?? "", now),
  );
  if (locked) return failure("conflict", M.tooLateToChange);
  const at = now.toISOString();
  const updated: RecurringSeriesRow = {
    ...series,
    rule: seriesRule(change.frequency, change.startsOn),
    starts_on: change.startsOn,
    time_slot: change.timeSlot,
    address: change.address,
    // A plan keeps its price; a quoted job takes the new frequency's discount.
    visit_price_cents: series.plan
      ? series.visit_price_cents
      : discountedVisitCents(quote.totalCents, change.frequency),
    booked_through: addDays(change.startsOn, -1),
    updated_at: at,
  };
  const saved = await db.transaction().execute(async (trx) => {
    const done = await updateSeriesIf(trx, series.id, series.updated_at, {
      rule: updated.rule,
      starts_on: updated.starts_on,
      time_slot: updated.time_slot,
      address: updated.address,
      visit_price_cents: updated.visit_price_cents,
      booked_through: updated.booked_through,
      updated_at: at,
    });
    if (!done) return false;
    await leaveOutVisits(trx, loaded, {
      from: change.startsOn,
      until: null,
      status: "cancelled",
      actor: change.actor,
      ctx,
      now,
    });
    // The old schedule's dates from here on make way for the new rule's.
    await deleteOccurrencesFrom(trx, series.id, change.startsOn);
    await auditSeries(trx, {
      seriesId: series.id,
      actor: change.actor,
      action: SERIES_AUDIT_ACTIONS.change,
      details: {
        from: { rule: series.rule, timeSlot: series.time_slot },
        to: { rule: updated.rule, timeSlot: updated.time_slot, startsOn: updated.starts_on },
        addressChanged: series.address !== updated.address,
      },
      at,
    });
    return true;
  });
  if (!saved) return failure("conflict", M.changedMeanwhile);
  const counts = await sweepSeriesNow(db, series.id, { publicUrl: ctx.publicUrl, now });
  return { ok: true, counts };
}

function checkFutureChange(change: FutureChange, now: Date): Result<object, FutureChangeField> {
  if (!isRepeatingFrequency(change.frequency)) {
    return fieldFailure("invalid", "frequency", M.frequencyRequired);
  }
  if (!isCalendarDate(change.startsOn)) return fieldFailure("invalid", "startsOn", M.startRequired);
  if (change.startsOn <= sydneyDate(now)) {
    return fieldFailure("invalid", "startsOn", M.startTooEarly);
  }
  if (!isTimeSlot(change.timeSlot)) {
    return fieldFailure("invalid", "timeSlot", "Please choose a time slot.");
  }
  if (change.address.trim().length < 5) {
    return fieldFailure("invalid", "address", "Please enter the service address.");
  }
  return { ok: true };
}

/**
 * Pauses a series until a date: the visits before it are left out (those the actor may still
 * change), and the sweep books again from that date on.
 */
export async function pauseSeries(
  db: Kysely<Database>,
  input: { seriesId: string; until: string; actor: SeriesActor },
  ctx: SeriesChangeContext,
): Promise<Result<{ skipped: number }, "until">> {
  const now = ctx.now ?? new Date();
  const today = sydneyDate(now);
  if (!isCalendarDate(input.until)) return fieldFailure("invalid", "until", M.pauseUntilRequired);
  if (input.until <= addDays(today, 1)) {
    return fieldFailure("invalid", "until", M.pauseUntilTooEarly);
  }
  const loaded = await loadSeries(db, input.seriesId, input.actor);
  if (!loaded.ok) return loaded;
  const at = now.toISOString();
  const skipped = await db.transaction().execute(async (trx) => {
    const done = await updateSeriesIf(trx, loaded.series.id, loaded.series.updated_at, {
      status: "paused",
      paused_until: input.until,
      updated_at: at,
    });
    if (!done) return null;
    await auditSeries(trx, {
      seriesId: loaded.series.id,
      actor: input.actor,
      action: SERIES_AUDIT_ACTIONS.pause,
      details: { from: loaded.series.status, to: "paused", until: input.until },
      at,
    });
    return leaveOutVisits(trx, loaded, {
      from: today,
      until: input.until,
      status: "skipped",
      actor: input.actor,
      ctx,
      now,
    });
  });
  if (skipped === null) return failure("conflict", M.changedMeanwhile);
  return { ok: true, skipped };
}

/**
 * Ends a series: no more visits are booked, and the booked ones the actor may still change are
 * cancelled (a customer's visit inside its 24 hours still happens).
 */
export async function cancelSeries(
  db: Kysely<Database>,
  input: { seriesId: string; actor: SeriesActor },
  ctx: SeriesChangeContext,
): Promise<Result<{ cancelled: number }>> {
  const now = ctx.now ?? new Date();
  const loaded = await loadSeries(db, input.seriesId, input.actor);
  if (!loaded.ok) return loaded;
  const at = now.toISOString();
  const cancelled = await db.transaction().execute(async (trx) => {
    const done = await updateSeriesIf(trx, loaded.series.id, loaded.series.updated_at, {
      status: "cancelled",
      cancelled_at: at,
      updated_at: at,
    });
    if (!done) return null;
    await auditSeries(trx, {
      seriesId: loaded.series.id,
      actor: input.actor,
      action: SERIES_AUDIT_ACTIONS.cancel,
      details: { from: loaded.series.status, to: "cancelled" },
      at,
    });
    return leaveOutVisits(trx, loaded, {
      from: sydneyDate(now),
      until: null,
      status: "cancelled",
      actor: input.actor,
      ctx,
      now,
    });
  });
  if (cancelled === null) return failure("conflict", M.changedMeanwhile);
  return { ok: true, cancelled };
}
