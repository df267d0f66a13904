import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  emailRule,
  isSingleLine,
  YOUR_EMAIL_MESSAGES,
  yourPhoneRule,
} from "~/lib/field-rules";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";

// One schema per form of customer accounts, shared by the browser's field messages and the
// server's parse (docs/conventions.md#validation-and-forms).

export const SignInRequestSchema = z.object({
  email: emailRule(YOUR_EMAIL_MESSAGES),
  redirectTo: z.string().max(2048).optional(),
});
export type SignInRequestInput = z.input<typeof SignInRequestSchema>;

export const SignInConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  redirectTo: z.string().max(2048).optional(),
});

export const ProfileDetailsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name.")
    .max(120, "Please shorten your name.")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
  phone: yourPhoneRule(),
});
export type ProfileDetailsInput = z.infer<typeof ProfileDetailsSchema>;

const bookingId = z.string().trim().min(1).max(100);

export const CancelBookingSchema = z.object({
  intent: z.literal("cancel"),
  bookingId,
});

export const RescheduleBookingSchema = z.object({
  intent: z.literal("reschedule"),
  bookingId,
  date: z
    .string()
    .trim()
    .min(1, "Please choose a date.")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a date, like 2026-12-01.")
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      "Please choose a real date.",
    ),
  timeSlot: z.enum(TIME_SLOTS, "Please choose a time slot."),
});

export const BookingChangeSchema = z.discriminatedUnion("intent", [
  CancelBookingSchema,
  RescheduleBookingSchema,
]);
export type BookingChangeInput = z.infer<typeof BookingChangeSchema>;
