import { z } from "zod";
import { MARK_PAID_TEXT } from "~/features/payments/mark-paid-text";

// The booking section of the quote details (docs/product/bookings.md, "Staff side"): Mark paid,
// Reschedule and Cancel, with a refund only for owners. Client-safe, shared by form and action.

export const BOOKING_TEXT = {
  paid: "Booking marked paid.",
  payOnTheDay: "Confirmed as pay on the day: the booking keeps its slot while unpaid.",
  alreadyPaid: MARK_PAID_TEXT.alreadyPaid,
  notPayable: MARK_PAID_TEXT.notPayable,
  rescheduled: "Booking moved.",
  cancelled: "Booking cancelled.",
  cancelledRefunded: "Booking cancelled and the payment refunded.",
  refundRefused: "Only an owner can refund a payment.",
  notAllowed: "Your account does not have access to this. Ask an owner if you need it.",
  date: "Choose a date.",
  slot: "Choose a time.",
  notFound: MARK_PAID_TEXT.notFound,
};

const BookingId = z.string().trim().min(1, BOOKING_TEXT.notFound).max(64, BOOKING_TEXT.notFound);

export const BookingPaidSchema = z.object({
  intent: z.literal("booking-paid"),
  bookingId: BookingId,
});

/** docs/decisions/0048-unpaid-booking-holds.md: exempt from the unpaid hold. */
export const BookingPayOnTheDaySchema = z.object({
  intent: z.literal("booking-pay-on-the-day"),
  bookingId: BookingId,
});

export const BookingRescheduleSchema = z.object({
  intent: z.literal("booking-reschedule"),
  bookingId: BookingId,
  date: z.string(BOOKING_TEXT.date).regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_TEXT.date),
  timeSlot: z.string(BOOKING_TEXT.slot).regex(/^\d{2}:\d{2}$/, BOOKING_TEXT.slot),
});

export const BookingCancelSchema = z.object({
  intent: z.literal("booking-cancel"),
  bookingId: BookingId,
  refund: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export type BookingActionResult = {
  intent: "booking-paid" | "booking-pay-on-the-day" | "booking-reschedule" | "booking-cancel";
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<"date" | "timeSlot", string>>;
};
