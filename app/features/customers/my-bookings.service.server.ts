import type { Kysely } from "kysely";
import { parseForm } from "~/lib/forms";
import { failure, fieldFailure, type Failure } from "~/lib/result";
import { isBookingReference } from "~/features/bookings/booking-reference";
import { getCustomerVisits } from "~/features/job-visits/job-visit-customer.service.server";
import type { CustomerVisit } from "~/features/job-visits/job-visits";
import { isReference } from "~/lib/ids";
import type { Database } from "~/server/database";
import {
  cancelBookingForCustomer,
  rescheduleBookingForCustomer,
  type BookingChangeContext,
} from "./booking-changes.server";
import { BookingChangeSchema } from "./customer-account.schema";
import {
  BOOKING_STATUS_LABELS,
  BOOKING_TEXT,
  PAYMENT_STATUS_LABELS,
  SERVICE_LABELS,
} from "./customer-copy";
import {
  findBookingByReference,
  findBookingOfCustomer,
  listBookingsOfCustomer,
  type CustomerBookingRow,
} from "./customers.repository.server";
import {
  changeEligibility,
  earliestBookingDate,
  isUpcoming,
  type ChangeEligibility,
} from "~/features/bookings/booking-rules";
import { formatLongDate, formatTimeSlot } from "~/lib/format";

// My Bookings (docs/product/public-site.md#my-bookings, docs/decisions/0012-real-customer-data.md): the signed-in
// customer's own bookings, and one booking read-only through its unguessable reference.

export type BookingView = {
  id: string;
  reference: string;
  serviceLabel: string;
  status: string;
  statusLabel: string;
  date: string;
  dateLabel: string;
  timeSlot: string;
  timeLabel: string;
  /** Null on a booking opened by its reference by someone other than its signed-in owner */
  address: string | null;
  /** What the customer pays: the price less the rewards discount, as the receipt says */
  priceCents: number;
  discountCents: number;
  /** Whether it is paid; null for a cancelled booking nobody paid for (nothing to say) */
  payment: BookingPayment | null;
  /** The way to pay, while an unpaid booking still stands */
  payHref: string | null;
  change: ChangeEligibility;
  /** A past clean, not cancelled: its owner may book it again (docs/decisions/0079-book-again.md) */
  canBookAgain: boolean;
  /** A completed clean's tip page (docs/decisions/0078-tips-go-to-the-crew.md) */
  tipHref: string | null;
  /** docs/decisions/0068-job-visits.md: on the way, in progress, and the proof of clean after */
  visit?: CustomerVisit;
};

export type BookingPayment = { status: "paid" | "refunded" | "unpaid"; label: string };

/** docs/decisions/0047-rewards-follow-the-email.md: each card says whether it is paid. */
function paymentOf(row: CustomerBookingRow): BookingPayment | null {
  const settled = row.payment_status;
  const status = settled === "paid" || settled === "refunded" ? settled : "unpaid";
  if (status === "unpaid" && row.status === "cancelled") return null;
  return { status, label: PAYMENT_STATUS_LABELS[status] };
}

function toView(row: CustomerBookingRow, now: Date): BookingView {
  const discountCents = Number(row.discount_cents ?? 0);
  const payment = paymentOf(row);
  return {
    id: row.id,
    reference: row.reference,
    serviceLabel: SERVICE_LABELS[row.service_type] ?? row.service_type,
    status: row.status,
    statusLabel: BOOKING_STATUS_LABELS[row.status] ?? row.status,
    date: row.scheduled_date,
    dateLabel: formatLongDate(row.scheduled_date),
    timeSlot: row.time_slot,
    timeLabel: formatTimeSlot(row.time_slot),
    address: row.address,
    priceCents: Math.max(0, Number(row.price_cents) - discountCents),
    discountCents,
    payment,
    payHref:
      payment?.status === "unpaid" && row.status !== "completed"
        ? `/payment?ref=${encodeURIComponent(row.reference)}`
        : null,
    change: changeEligibility(
      { status: row.status, scheduledDate: row.scheduled_date, timeSlot: row.time_slot },
      now,
    ),
    canBookAgain: row.status !== "cancelled" && !isUpcoming(row.scheduled_date, row.time_slot, now),
    tipHref: row.status === "completed" ? `/tip?ref=${encodeURIComponent(row.reference)}` : null,
  };
}

/**
 * The customer's bookings: upcoming ones first, the soonest at the top (what a customer looks
 * for), then past ones, then cancelled ones in a group of their own (a cancelled clean still
 * ahead is not "past"), both the latest first.
 */
export async function listMyBookings(db: Kysely<Database>, customerId: string, now = new Date()) {
  const rows = await listBookingsOfCustomer(db, customerId);
  const upcoming: BookingView[] = [];
  const past: BookingView[] = [];
  const cancelled: BookingView[] = [];
  const visits = await getCustomerVisits(db, rows);
  for (const row of rows) {
    const view = { ...toView(row, now), visit: visits.get(row.id) };
    if (row.status === "cancelled") cancelled.push(view);
    else (isUpcoming(row.scheduled_date, row.time_slot, now) ? upcoming : past).push(view);
  }
  upcoming.reverse();
  return { upcoming, past, cancelled };
}

/** One booking by its reference (a link from an email or the booking success page), or null. */
export async function findBookingForReference(
  db: Kysely<Database>,
  reference: string | null,
  now = new Date(),
) {
  // Bookings made on the site carry BK-…; the demo seed's older ones a quote-style reference.
  if (!reference || !(isBookingReference(reference) || isReference(reference))) return null;
  const row = await findBookingByReference(db, reference);
  return row ? { booking: toView(row, now), customerId: row.customer_id } : null;
}

/**
 * Done, with what to say; or refused, with the booking the refusal is about so the page opens its
 * form again (a field's message beside the field, any other as the form's message).
 */
export type BookingChangeResult =
  { ok: true; message: string; bookingId: string } | (Failure & { bookingId?: string });

/**
 * A reschedule or cancel from My Bookings: parsed again, only for the customer's own booking
 * (another customer's id reads as not found), only 24 hours or more ahead, then handed to the
 * booking feature through the adapter.
 */
export async function changeMyBooking(
  db: Kysely<Database>,
  customerId: string,
  form: FormData,
  ctx: BookingChangeContext,
  now = ctx.now ?? new Date(),
): Promise<BookingChangeResult> {
  const parsed = parseForm(form, BookingChangeSchema);
  const rawId = form.get("bookingId");
  const bookingId = typeof rawId === "string" ? rawId : undefined;
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? BOOKING_TEXT.notFound;
    return { ...failure("malformed", message, parsed.fieldErrors), bookingId };
  }
  const input = parsed.value;
  const row = await findBookingOfCustomer(db, input.bookingId, customerId);
  // Another customer's booking reads exactly like one that does not exist.
  if (!row) return failure("not_found", BOOKING_TEXT.notFound);
  const refused = (failed: Failure) => ({ ...failed, bookingId: row.id });
  const eligibility = changeEligibility(
    { status: row.status, scheduledDate: row.scheduled_date, timeSlot: row.time_slot },
    now,
  );
  if (!eligibility.allowed) {
    return refused(failure("conflict", eligibility.reason));
  }
  if (input.intent === "cancel") {
    const outcome = await cancelBookingForCustomer(
      db,
      { bookingId: row.id, customerId },
      { ...ctx, now },
    );
    return outcome.ok
      ? { ok: true, message: "Your booking is cancelled.", bookingId: row.id }
      : refused(outcome);
  }
  if (input.date < earliestBookingDate(now)) {
    return refused(fieldFailure("invalid", "date", "Please choose a date from tomorrow onwards."));
  }
  if (input.date === row.scheduled_date && input.timeSlot === row.time_slot) {
    return refused(fieldFailure("invalid", "date", "Please choose a different date or time."));
  }
  const outcome = await rescheduleBookingForCustomer(
    db,
    {
      bookingId: row.id,
      customerId,
      date: input.date,
      timeSlot: input.timeSlot,
    },
    { ...ctx, now },
  );
  if (outcome.ok) return { ok: true, message: "Your booking has moved.", bookingId: row.id };
  return refused(outcome);
}
