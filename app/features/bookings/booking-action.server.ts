import { data, redirect } from "react-router";
import type { FieldErrors } from "~/lib/field-errors";
import { failureData } from "~/lib/result";
import type { AppContext } from "~/server/context";
import {
  guardPublicForm,
  PUBLIC_FORM,
  readTextFields,
  TOO_MANY_SUBMISSIONS,
} from "~/server/public-form.server";
import { BOOKING_MESSAGES } from "./booking-messages";
import type { BookingField } from "./booking.schema";
import { optInFromBooking } from "~/features/sms/sms.service.server";
import { SMS_OPT_IN_FIELD } from "./booking-copy";
import {
  createBooking,
  slotAvailability,
  type BookingFormExtras,
  type DayAvailability,
} from "./bookings.service.server";

// Confirm Booking on /booking?ref=… (docs/product/public-site.md#booking-page): a plain form post, so it
// works before JavaScript loads. Screened like every public form (docs/decisions/0026-abuse-protection.md),
// then the service decides; success goes on to /booking-success?ref=<booking reference>.

const FIELDS = ["date", "timeSlot", "address", "suburb"] as const;

/** What the action answers when nothing was booked: the red box's message, and per field. */
export type BookingActionData = {
  formError: string;
  /** The form's own fields' messages, and those of fields another feature adds (BookingFormExtras) */
  fieldErrors: FieldErrors<BookingField> & Partial<Record<string, string>>;
  values: Partial<Record<BookingField, string>>;
  /** The posted date's slots, so a full one shows as unavailable without JavaScript too */
  slots?: DayAvailability | null;
};

export function bookingSuccessUrl(reference: string) {
  return `/booking-success?ref=${encodeURIComponent(reference)}`;
}

export async function submitBooking(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
  extras?: BookingFormExtras,
) {
  const quoteReference = new URL(request.url).searchParams.get("ref") ?? "";
  const guarded = await guardPublicForm(request, context, PUBLIC_FORM);
  const values = readTextFields(guarded.form, FIELDS);
  const fail = (status: number, formError: string, fieldErrors: FieldErrors<BookingField> = {}) =>
    data<BookingActionData>({ formError, fieldErrors, values }, { status });

  if (guarded.verdict === "unavailable") {
    context.logger.error({ err: guarded.error }, "booking not stored");
    return fail(503, BOOKING_MESSAGES.failed);
  }
  if (guarded.verdict === "limited") return fail(429, TOO_MANY_SUBMISSIONS);
  if (guarded.verdict === "bot") throw redirect("/");
  const refused = extras?.refusal(guarded.form);
  if (refused) return fail(400, refused.message, { [refused.field]: refused.message });

  let result;
  try {
    result = await createBooking(
      context.db,
      { quoteReference, ...values, discountPercent: extras?.discountPercent(guarded.form) ?? 0 },
      { publicUrl: context.config.publicUrl, ip: context.clientIp },
    );
    // The booking stands even if what follows fails: the customer is not told it failed.
    if (result.ok) {
      await extras?.afterBooked(guarded.form, result.booking).catch((error: unknown) => {
        context.logger.error({ err: error }, "after booking");
      });
    }
  } catch (error) {
    context.logger.error({ err: error }, "booking not stored");
    return fail(500, BOOKING_MESSAGES.failed);
  }
  if (result.ok) {
    // docs/decisions/0076-sms-beside-email.md: the box is off unless ticked. The booking stands
    // even if the choice could not be saved; the profile offers it again.
    if (guarded.form.get(SMS_OPT_IN_FIELD) === "on") {
      await optInFromBooking(context.db, result.booking.quoteId).catch((error: unknown) =>
        context.logger.error({ err: error }, "SMS choice not stored"),
      );
    }
    throw redirect(bookingSuccessUrl(result.booking.reference));
  }
  if (result.kind === "not_found") throw redirect("/");
  // The posted date's slots again, so a full one shows as unavailable and only fitting ones show.
  const slots = values.date
    ? await slotAvailability(context.db, quoteReference, values.date)
    : undefined;
  return failureData<BookingActionData>(result, {
    formError: result.message || BOOKING_MESSAGES.failed,
    fieldErrors: result.fieldErrors ?? {},
    values,
    slots,
  });
}
