import type { Kysely } from "kysely";
import {
  findQuoteToBookByQuoteId,
  moveQuote,
  type QuoteToBook,
} from "~/features/quote/quote-lifecycle.service.server";
import { notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { newId } from "~/lib/ids";
import { failure, fieldFailure, type Failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database } from "~/server/database";
import { BOOKING_MESSAGES as M } from "./booking-messages";
import { SlotFull, toBooking, type Booking, type BookingContext } from "./booking-model.server";
import {
  enqueueBookingEmail,
  enqueueBookingWebhook,
  InvalidBookingData,
  type BookingNotice,
} from "./booking-notifications.server";
import {
  findBookingById,
  findBookingByReference,
  findPaidPayment,
  updateBookingIf,
  type BookingRow,
} from "./bookings.repository.server";
import { releaseBookingHolds } from "~/features/availability/cleaner-holds.service.server";
import { moveBookingCrew } from "./booking-crew.server";
import { auditLeadEvent, cancelCleanerJobs, reaskCleaners } from "./cleaner-job-changes.server";
import { LEAD_BOOKING_CANCELLED, LEAD_BOOKING_RESCHEDULED } from "./job-timeline";
import { formatLongDate, formatTimeSlot } from "~/lib/format";
import { isCalendarDate, isFreeChangeWindow, isTimeSlot } from "./booking-rules";
import { slotRefusal } from "./slot-fit";

// Changes to a booking (docs/decisions/0027-lead-lifecycle.md "Booking cancelled" and "Booking
// rescheduled"): a customer may change their own booking 24 hours or more ahead
// (docs/product/public-site.md#business-constants-and-limits), staff at any time. Each change is a
// compare-and-set on the booking with its audit entry, moves or releases the crew's holds
// (docs/decisions/0060-crews-and-cleaner-holds.md), moves the quote and the cleaner's offer (cleaner-job-changes.server.ts tells the cleaner), and enqueues the
// booking webhook and the customer's email, all in one transaction. Rule failures are results,
// never throws.

export type BookingActor =
  { kind: "customer"; customerId: string } | { kind: "staff"; staffUserId: string };

export type BookingChangeResult = Result<{ booking: Booking }, "date" | "timeSlot">;

export type CancelBookingResult = Result<{
  booking: Booking;
  /**
   * The paid payment to refund, or null. The refund itself belongs to the payments feature:
   * the caller passes this id to its `refundBookingPayment` after this returns.
   */
  paymentToRefund: string | null;
}>;

type BookingKey = { bookingId?: string; bookingReference?: string };

type AuditActor = { type: AuditLogTable["actor_type"]; id: string };

function auditActor(actor: BookingActor): AuditActor {
  return actor.kind === "customer"
    ? { type: "customer", id: actor.customerId }
    : { type: "staff", id: actor.staffUserId };
}

async function findBooking(db: Kysely<Database>, key: BookingKey) {
  if (key.bookingId) return findBookingById(db, key.bookingId);
  if (key.bookingReference) return findBookingByReference(db, key.bookingReference);
  return undefined;
}

/** The checks both changes share: the booking exists, is the actor's, is live and in time. */
async function loadChangeable(
  db: Kysely<Database>,
  key: BookingKey,
  actor: BookingActor,
  now: Date,
): Promise<Result<{ row: BookingRow; quote: QuoteToBook }>> {
  const row = await findBooking(db, key);
  // Another customer's booking reads as missing: nothing about it is revealed.
  if (!row || (actor.kind === "customer" && row.customer_id !== actor.customerId)) {
    return failure("not_found", M.notFound);
  }
  if (row.status === "cancelled") return failure("conflict", M.alreadyCancelled);
  if (row.status !== "confirmed") return failure("conflict", M.notChangeable);
  if (actor.kind === "customer" && !isFreeChangeWindow(row.scheduled_date, row.time_slot, now)) {
    return failure("conflict", M.tooLateToChange);
  }
  const quote = await findQuoteToBookByQuoteId(db, row.quote_id);
  if (!quote) return failure("not_found", M.notFound);
  return { ok: true, row, quote };
}

function noticeOf(
  row: BookingRow,
  quote: QuoteToBook,
  status: BookingNotice["status"],
  now: Date,
): BookingNotice {
  return {
    bookingId: row.id,
    reference: row.reference,
    quoteId: quote.id,
    clientName: quote.clientName,
    clientEmail: quote.clientEmail,
    clientPhone: quote.clientPhone,
    serviceType: quote.serviceType,
    cleaningLevel: quote.cleaningLevel,
    hours: quote.hours ?? 0,
    date: row.scheduled_date,
    timeSlot: row.time_slot,
    address: row.address,
    priceCents: Number(row.price_cents) - Number(row.discount_cents ?? 0),
    status,
    // Later changes carry a higher SEQUENCE, so calendars update the one entry.
    sequence: Math.max(1, Math.floor((now.getTime() - Date.parse(row.created_at)) / 1000)),
  };
}

// Thrown inside a change's transaction when the booking moved under it, so the change rolls back.
class ChangedMeanwhile extends Error {}

/**
 * The team hears of a reschedule or a cancellation by email too ("changes notify the
 * team through the booking webhook and email"; the toggle of docs/decisions/0024-notification-toggles.md).
 */
async function notifyStaffOfChange(
  trx: Kysely<Database>,
  notice: BookingNotice,
  actor: BookingActor,
) {
  const who = actor.kind === "customer" ? notice.clientName : "Staff";
  const when = `${formatLongDate(notice.date)} at ${formatTimeSlot(notice.timeSlot)}`;
  const moved = notice.status === "rescheduled";
  await notifyStaffByEmail(trx, {
    topic: `booking.${notice.status}`,
    subjectType: "booking",
    subjectId: notice.bookingId,
    replyTo: notice.clientEmail,
    subject: `${moved ? "Booking moved" : "Booking cancelled"}: ${notice.clientName}, ${notice.reference}`,
    heading: moved ? "Booking moved" : "Booking cancelled",
    paragraphs: [
      moved && notice.previous
        ? `${who} moved the booking from ${formatLongDate(notice.previous.date)} at ${formatTimeSlot(notice.previous.timeSlot)} to ${when}.`
        : `${who} cancelled the booking for ${when}.`,
      `Where: ${notice.address}.`,
      `Booking ${notice.reference}.`,
    ],
  });
}

/**
 * Moves a booking to another date and slot. Customers: their own, 24 hours or more ahead, to
 * Sydney's tomorrow or later. Staff: any booking, any time, to any slot still ahead. Either way
 * the clean must fit inside opening hours on an open day. The crew's holds move with it,
 * and a whole crew must be free then (booking-crew.server.ts). The cleaner is asked again for the new time (pending again, a
 * new link and response deadline; docs/decisions/0041-cleaners-hear-of-job-changes.md).
 */
export async function rescheduleBooking(
  db: Kysely<Database>,
  input: BookingKey & { date: string; timeSlot: string; actor: BookingActor },
  ctx: BookingContext,
): Promise<BookingChangeResult> {
  const now = ctx.now ?? new Date();
  const checked = checkNewSlot(input);
  if (!checked.ok) return checked;
  const loaded = await loadChangeable(db, input, input.actor, now);
  if (!loaded.ok) return loaded;
  const { row, quote } = loaded;
  if (row.scheduled_date === input.date && row.time_slot === input.timeSlot) {
    return fieldFailure("invalid", "timeSlot", M.sameSlot);
  }
  const business = await getBusinessProfile(db);
  const refused = slotRefusal({
    date: input.date,
    slot: input.timeSlot,
    job: { hours: quote.hours ?? 0, cleaners: quote.cleaners },
    hours: business,
    who: input.actor.kind,
    now,
  });
  if (refused) return fieldFailure("invalid", refused.field, refused.message);
  const at = now.toISOString();
  const moved: BookingRow = {
    ...row,
    scheduled_date: input.date,
    time_slot: input.timeSlot,
    updated_at: at,
  };

  try {
    await db.transaction().execute(async (trx) => {
      const changed = await updateBookingIf(
        trx,
        row.id,
        { status: "confirmed", scheduledDate: row.scheduled_date, timeSlot: row.time_slot },
        { scheduled_date: moved.scheduled_date, time_slot: moved.time_slot, updated_at: at },
      );
      if (!changed) throw new ChangedMeanwhile();
      await moveBookingCrew(trx, {
        moved,
        job: { hours: quote.hours ?? 0, cleaners: quote.cleaners },
        business,
        now,
      });
      await followReschedule(trx, {
        row,
        moved,
        quote,
        by: input.actor,
        ctx: { ...ctx, now },
        business,
      });
    });
  } catch (error) {
    return changeRefusal(error);
  }
  return { ok: true, booking: toBooking(moved, quote) };
}

/**
 * What follows a booking's move, in its transaction: the audit entries (the booking's and the
 * lead's timeline), the cleaner asked again, the quote back from "assigned" if their acceptance
 * is taken back, and the announcements.
 */
async function followReschedule(
  trx: Kysely<Database>,
  input: {
    row: BookingRow;
    moved: BookingRow;
    quote: QuoteToBook;
    by: BookingActor;
    ctx: BookingContext & { now: Date };
    business: BusinessProfile;
  },
) {
  const { row, moved, quote, ctx, business } = input;
  const { now } = ctx;
  const at = now.toISOString();
  const actor = auditActor(input.by);
  const previous = { date: row.scheduled_date, timeSlot: row.time_slot };
  const to = { date: moved.scheduled_date, timeSlot: moved.time_slot };
  await auditChange(trx, actor, row.id, "booking.rescheduled", ctx.ip, at, { from: previous, to });
  await auditLeadEvent(trx, quote.id, LEAD_BOOKING_RESCHEDULED, actor, at, {
    from: previous,
    to,
    by: input.by.kind,
  });
  const restoreStatus = await reaskCleaners(trx, {
    booking: moved,
    quote: { id: quote.id, hours: quote.hours ?? 0 },
    actor,
    business,
    publicUrl: ctx.publicUrl,
    now,
    previous,
  });
  await moveQuote(trx, {
    quoteId: quote.id,
    next: (current) =>
      restoreStatus && current.status === "assigned"
        ? { ...current, status: restoreStatus }
        : current,
    set: { scheduledDate: moved.scheduled_date },
    actor,
    reason: "booking.rescheduled",
    at: now,
  });
  const notice = { ...noticeOf(moved, quote, "rescheduled", now), previous };
  await announceChange(trx, notice, input.by, business, ctx.publicUrl);
}

/**
 * The asked-for date and slot exist. Whether the actor may move there (customers from Sydney's
 * tomorrow, staff to any slot still ahead, and the clean inside opening hours) is `slotRefusal`'s
 * (docs/decisions/0040-business-hours-bound-bookings.md).
 */
function checkNewSlot(input: {
  date: string;
  timeSlot: string;
}): Result<object, "date" | "timeSlot"> {
  if (!isCalendarDate(input.date)) return fieldFailure("invalid", "date", M.dateRequired);
  if (!isTimeSlot(input.timeSlot)) return fieldFailure("invalid", "timeSlot", M.timeRequired);
  return { ok: true };
}

/**
 * Cancels a booking. Customers: their own, 24 hours or more ahead; staff: any, at any time.
 * Releases the crew's holds, cancels the cleaner's job (and tells them), and moves the quote to cancelled
 * (lead lost if it was never paid). A paid booking's payment comes back as `paymentToRefund`.
 */
export async function cancelBooking(
  db: Kysely<Database>,
  input: BookingKey & {
    actor: BookingActor;
    /** Whether the caller refunds a paid payment next, so the customer's email can say how much */
    refund?: boolean;
  },
  ctx: BookingContext,
): Promise<CancelBookingResult> {
  const now = ctx.now ?? new Date();
  const loaded = await loadChangeable(db, input, input.actor, now);
  if (!loaded.ok) return loaded;
  const { row, quote } = loaded;
  const business = await getBusinessProfile(db);
  const at = now.toISOString();
  const actor = auditActor(input.actor);
  const cancelled: BookingRow = {
    ...row,
    status: "cancelled",
    cancelled_at: at,
    cancelled_by: input.actor.kind,
    updated_at: at,
  };

  let paymentToRefund: string | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      const changed = await updateBookingIf(
        trx,
        row.id,
        { status: "confirmed", scheduledDate: row.scheduled_date, timeSlot: row.time_slot },
        {
          status: "cancelled",
          cancelled_at: at,
          cancelled_by: input.actor.kind,
          updated_at: at,
        },
      );
      if (!changed) throw new ChangedMeanwhile();
      await releaseBookingHolds(trx, row.id, now);
      await auditChange(trx, actor, row.id, "booking.status_changed", ctx.ip, at, {
        from: "confirmed",
        to: "cancelled",
      });
      await auditLeadEvent(trx, quote.id, LEAD_BOOKING_CANCELLED, actor, at, {
        from: { date: row.scheduled_date, timeSlot: row.time_slot },
        by: input.actor.kind,
      });
      await cancelCleanerJobs(trx, {
        booking: cancelled,
        quote: { id: quote.id, hours: quote.hours ?? 0 },
        actor,
        business,
        publicUrl: ctx.publicUrl,
        now,
      });
      const payment = await findPaidPayment(trx, row.id, quote.id);
      paymentToRefund = payment?.id ?? null;
      const paid = payment !== null;
      // docs/decisions/0027-lead-lifecycle.md "Booking cancelled": cancelled; lost if never paid
      await moveQuote(trx, {
        quoteId: quote.id,
        next: (current) => ({
          status: "cancelled",
          leadStatus: paid ? current.leadStatus : "lost",
        }),
        actor,
        reason: "booking.cancelled",
        at: now,
      });
      const notice = {
        ...noticeOf(cancelled, quote, "cancelled", now),
        refundCents: input.refund && payment ? payment.amountCents : null,
      };
      await announceChange(trx, notice, input.actor, business, ctx.publicUrl);
    });
  } catch (error) {
    return changeRefusal(error);
  }
  return { ok: true, booking: toBooking(cancelled, quote), paymentToRefund };
}

async function auditChange(
  trx: Kysely<Database>,
  actor: AuditActor,
  bookingId: string,
  action: string,
  ip: string | null | undefined,
  at: string,
  details: object,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    action,
    subject_type: "booking",
    subject_id: bookingId,
    details: JSON.stringify(details),
    ip: ip ?? null,
    created_at: at,
  });
}

/** The booking webhook, the customer's email and the team's email about a change. */
async function announceChange(
  trx: Kysely<Database>,
  notice: BookingNotice,
  actor: BookingActor,
  business: BusinessProfile,
  publicUrl: string,
) {
  await enqueueBookingWebhook(trx, notice);
  await enqueueBookingEmail(trx, notice, business, publicUrl);
  await notifyStaffOfChange(trx, notice, actor);
}

/** What a rolled-back change answers: a full slot, a booking changed meanwhile, or bad data. */
function changeRefusal(error: unknown): Failure<"timeSlot"> {
  if (error instanceof SlotFull) return fieldFailure("conflict", "timeSlot", M.slotFull);
  if (error instanceof ChangedMeanwhile) return failure("conflict", M.notChangeable);
  if (error instanceof InvalidBookingData) return failure("invalid", error.message);
  throw error;
}
