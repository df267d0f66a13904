import type { ReactNode } from "react";
import { Form } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { Checkbox, FieldError } from "~/components/kit/field";
import { FormStatus, Honeypot } from "~/components/site/forms/form-field";
import { buttonClasses } from "~/components/ui/button";
import { BookingDateField } from "./booking-date-field";
import { formatTimeSlot } from "~/lib/format";
import { TIME_SLOTS } from "../booking-rules";
import { SMS_OPT_IN_FIELD, SMS_OPT_IN_TEXT } from "../booking-copy";
import {
  useBookingForm,
  type BookingFormInput,
  type BookingFormState,
  type DaySlots,
} from "./use-booking-form";

type BookingFormProps = BookingFormInput & {
  earliestDate: string;
  latestDate: string;
  /** Whether texts can go out now (Twilio set up and SMS switched on) */
  smsOffered?: boolean;
  /** Fields another feature adds (the route composes them), after the address */
  children?: ReactNode;
};

/**
 * The booking form (docs/product/public-site.md#booking-page): date, time slot, service address,
 * Confirm Booking. A plain <Form> that posts without JavaScript; once hydrated, choosing a date
 * loads that date's availability and full slots are shown unavailable (disabled, with the words),
 * and the calendar greys out the days with no team free (docs/decisions/0060-crews-and-cleaner-holds.md).
 * A refusal shows its message, or "Failed to create booking", in a red box
 * (docs/product/public-site.md#messages).
 */
export function BookingForm({
  earliestDate,
  latestDate,
  smsOffered = false,
  children,
  ...input
}: BookingFormProps) {
  const booking = useBookingForm(input);
  const { action, busy, fields, date, message, fieldErrors, formError } = booking;

  return (
    <Form
      method="post"
      action={action}
      {...booking.formProps}
      aria-labelledby="booking-form-title"
      className="relative grid gap-6 rounded-lg border border-line bg-white p-6 sm:p-8"
    >
      <h2 id="booking-form-title" className="font-display text-2xl font-medium">
        When and where
      </h2>
      <Honeypot />
      <BookingDateField
        id={fields.date.id}
        name={fields.date.name}
        value={date}
        onChange={booking.setDate}
        earliest={earliestDate}
        latest={latestDate}
        daysWithoutRoom={booking.daysWithoutRoom}
        onMonthChange={booking.setMonth}
        error={fields.date.errors?.[0]}
      />
      <TimeSlotChoice
        field={fields.timeSlot}
        day={booking.day}
        fullSlots={booking.fullSlots}
        chosenSlot={booking.chosenSlot}
      />
      <TextField
        meta={fields.address}
        label="Street address"
        autoComplete="street-address"
        aria-required="true"
      />
      <TextField
        meta={fields.suburb}
        label="Suburb and postcode"
        hint="From your quote. Change it if the clean is somewhere else."
        autoComplete="address-level2"
        aria-required="true"
      />
      {smsOffered && <SmsOptIn />}
      {children}
      <FormStatus tone="error" message={message} errors={formError ? [] : fieldErrors} />
      <div>
        <button type="submit" disabled={busy} className={buttonClasses("ink", "w-full sm:w-auto")}>
          {busy ? "Booking..." : "Confirm Booking"}
        </button>
      </div>
    </Form>
  );
}

/**
 * The slots as radio buttons: before a date is chosen the fixed list, then only those in which
 * the clean fits inside opening hours (docs/decisions/0040-business-hours-bound-bookings.md), or
 * why there are none. A full one is disabled and says so in words.
 */
function TimeSlotChoice({
  field,
  day,
  fullSlots,
  chosenSlot,
}: {
  field: BookingFormState["fields"]["timeSlot"];
  day: DaySlots | null;
  fullSlots: Set<string>;
  chosenSlot: string | undefined;
}) {
  const slotErrorId = field.errors?.[0] ? `${field.id}-error` : undefined;
  const offered = day ? day.slots.map((s) => s.slot) : TIME_SLOTS;
  return (
    <fieldset aria-describedby={slotErrorId}>
      <legend className="text-sm font-semibold">Time slot</legend>
      <p className="mt-1 text-sm text-ink-soft" role={day?.closed ? "status" : undefined}>
        {day?.closed ??
          (day
            ? "Times your clean can finish within our opening hours. Fully booked ones cannot be chosen."
            : "Choose a date to see which times are free.")}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {offered.map((slot) => {
          const full = fullSlots.has(slot);
          const id = `${field.id}-${slot.replace(":", "")}`;
          return (
            <label
              key={slot}
              htmlFor={id}
              className={`flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-md border px-3 py-2 text-center has-checked:border-ink has-checked:bg-ink has-checked:text-ivory has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold ${
                full
                  ? "cursor-not-allowed border-line bg-mist/40 text-ink-soft line-through"
                  : "border-ink/25"
              }`}
            >
              <input
                id={id}
                type="radio"
                name={field.name}
                value={slot}
                disabled={full}
                defaultChecked={chosenSlot === slot && !full}
                className="sr-only"
              />
              <span className="font-semibold">{formatTimeSlot(slot)}</span>
              {full && <span className="text-xs no-underline">Fully booked</span>}
            </label>
          );
        })}
      </div>
      <FieldError id={slotErrorId} error={field.errors?.[0]} />
    </fieldset>
  );
}

/** docs/decisions/0076-sms-beside-email.md: texts only for those who tick it; off by default. */
function SmsOptIn() {
  return (
    <Checkbox
      id="booking-sms-opt-in"
      name={SMS_OPT_IN_FIELD}
      label={SMS_OPT_IN_TEXT.label}
      hint={SMS_OPT_IN_TEXT.hint}
    />
  );
}
