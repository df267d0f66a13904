import { data } from "react-router";
import { can } from "~/features/auth/permissions";
import {
  cancelBookingAsStaff,
  rescheduleBookingAsStaff,
} from "~/features/bookings/staff-booking-actions.service.server";
import { confirmPayOnTheDay } from "~/features/bookings/unpaid-holds.service.server";
import { markBookingPaidByStaff } from "~/features/payments/payments.service.server";
import { parseForm } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import {
  BOOKING_TEXT,
  BookingCancelSchema,
  BookingPaidSchema,
  BookingPayOnTheDaySchema,
  BookingRescheduleSchema,
  type BookingActionResult,
} from "./booking-section";
import type { LeadActor } from "./lead-status.server";
import { findLeadBookings } from "./leads.repository.server";

type Input = {
  quoteId: string;
  form: FormData;
  staff: { id: string; role: string };
  actor: LeadActor;
};

function schemaOf(intent: BookingActionResult["intent"]) {
  if (intent === "booking-paid") return BookingPaidSchema;
  if (intent === "booking-pay-on-the-day") return BookingPayOnTheDaySchema;
  if (intent === "booking-reschedule") return BookingRescheduleSchema;
  return BookingCancelSchema;
}

const answer = (result: BookingActionResult, status = 200) => data(result, status);

/**
 * The quote details' booking intents, through the booking feature's staff functions (each
 * audits and keeps the slot's capacity), for bookings.manage. The booking must belong to the lead
 * in the address; a refund needs refunds.issue (owners), refused with 403 otherwise, whatever the
 * form sent.
 */
export async function bookingAction(context: AppContext, input: Input) {
  const intent = input.form.get("intent") as BookingActionResult["intent"];
  // The route lets in leads.manage; changing a booking is bookings.manage (every role has both
  // today, so this holds only when the permission table changes).
  if (!can(input.staff.role, "bookings.manage")) {
    return answer({ intent, ok: false, message: BOOKING_TEXT.notAllowed }, 403);
  }
  const parsed = parseForm(input.form, schemaOf(intent));
  if (!parsed.ok) {
    const errors = parsed.fieldErrors as Record<string, string | undefined>;
    return answer(
      {
        intent,
        ok: false,
        message: errors.bookingId ?? "Check the fields below.",
        fieldErrors: { date: errors.date, timeSlot: errors.timeSlot },
      },
      400,
    );
  }
  const value = parsed.value;
  const bookings = await findLeadBookings(context.db, input.quoteId);
  if (!bookings.some((b) => b.id === value.bookingId)) {
    return answer({ intent, ok: false, message: BOOKING_TEXT.notFound }, 404);
  }
  const ctx = { config: context.config, publicUrl: context.config.publicUrl, ip: context.clientIp };

  if (value.intent === "booking-paid") {
    const result = await markBookingPaidByStaff(
      context.db,
      { bookingId: value.bookingId, staffUserId: input.staff.id },
      ctx,
    );
    if (result.ok) return answer({ intent, ok: true, message: BOOKING_TEXT.paid });
    return answer({ intent, ok: false, message: result.message }, failureStatus(result.kind));
  }

  if (value.intent === "booking-pay-on-the-day") {
    const result = await confirmPayOnTheDay(context.db, {
      bookingId: value.bookingId,
      staffUserId: input.staff.id,
    });
    if (result.ok) return answer({ intent, ok: true, message: BOOKING_TEXT.payOnTheDay });
    return answer({ intent, ok: false, message: result.message }, failureStatus(result.kind));
  }

  if (value.intent === "booking-reschedule") {
    const result = await rescheduleBookingAsStaff(
      context.db,
      {
        bookingId: value.bookingId,
        staffUserId: input.staff.id,
        date: value.date,
        timeSlot: value.timeSlot,
      },
      ctx,
    );
    if (result.ok) return answer({ intent, ok: true, message: BOOKING_TEXT.rescheduled });
    const { message, fieldErrors } = result;
    return answer({ intent, ok: false, message, fieldErrors }, failureStatus(result.kind));
  }

  if (value.refund && !can(input.staff.role, "refunds.issue")) {
    return answer({ intent, ok: false, message: BOOKING_TEXT.refundRefused }, 403);
  }
  const result = await cancelBookingAsStaff(
    context.db,
    {
      bookingId: value.bookingId,
      staffUserId: input.staff.id,
      refund: value.refund,
      ip: context.clientIp,
    },
    ctx,
  );
  if (!result.ok) {
    return answer({ intent, ok: false, message: result.message }, failureStatus(result.kind));
  }
  return answer({
    intent,
    ok: true,
    message: result.refunded ? BOOKING_TEXT.cancelledRefunded : BOOKING_TEXT.cancelled,
  });
}
