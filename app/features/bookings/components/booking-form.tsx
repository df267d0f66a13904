import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FieldError } from "~/components/kit/field";
import { FormStatus, Honeypot } from "~/components/site/forms/form-field";
import { buttonClasses } from "~/components/ui/button";
import type { BookingActionData } from "../booking-action.server";
import { BOOKING_MESSAGES } from "../booking-messages";
import { BookingFormSchema } from "../booking.schema";
import { BookingDateField } from "./booking-date-field";
import { formatTimeSlot } from "~/lib/format";
import { TIME_SLOTS } from "../booking-rules";

type Slot = { slot: string; full: boolean };

/**
 * The booking form (docs/product/public-site.md#booking-page): date, time slot, service address,
 * Confirm Booking. A plain <Form> that posts without JavaScript; once hydrated, choosing a date
 * loads that date's availability and full slots are shown unavailable (disabled, with the words).
 * A refusal shows its message, or "Failed to create booking", in a red box
 * (docs/product/public-site.md#messages).
 */
// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
export function BookingForm({
  quoteReference,
  earliestDate,
  latestDate,
  defaultSuburb,
  initialDate,
  initialSlots,
  result,
}: {
  quoteReference: string;
  earliestDate: string;
  latestDate: string;
  defaultSuburb: string;
  initialDate: string | null;
  initialSlots: Slot[] | null;
  result?: BookingActionData;
}) {
  const action = `/booking?ref=${encodeURIComponent(quoteReference)}`;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { form, fields, formProps } = useAppForm(BookingFormSchema, {
    id: "booking",
    result,
    defaultValue: { suburb: defaultSuburb, date: initialDate ?? "" },
  });
  const [date, setDate] = useState(result?.values.date ?? initialDate ?? "");
  // Once the hidden date input holds the chosen day, an earlier "choose a date" message goes.
  const dateHasError = Boolean(fields.date.errors?.length);
  useEffect(() => {
    if (date && dateHasError) form.validate({ name: fields.date.name });
  }, [date, dateHasError, form, fields.date.name]);
  const availability = useFetcher<{ date: string | null; slots: Slot[] | null }>();
  useEffect(() => {
    if (!date || date === initialDate) return;
    void availability.load(`${action}&date=${encodeURIComponent(date)}`);
    // `availability` is a new object each render; loading again for the same date is not wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, action, initialDate]);

  const slots =
    date && availability.data?.date === date
      ? availability.data.slots
      : result?.slots && result.values.date === date
        ? result.slots
        : date === initialDate
          ? initialSlots
          : null;
  const fullSlots = new Set((slots ?? []).filter((s) => s.full).map((s) => s.slot));
  const chosenSlot = result?.values.timeSlot;
  const fieldErrors = [fields.date, fields.timeSlot, fields.address, fields.suburb]
    .map((field) => field.errors?.[0])
    .filter((error): error is string => Boolean(error));
  const formError = result?.formError;
  // docs/product/public-site.md#messages "Booking": the failure's message, else the spec's fallback.
  const message =
    formError !== undefined
      ? formError || BOOKING_MESSAGES.failed
      : fieldErrors.length > 0
        ? "Please check the highlighted fields."
        : undefined;
  const slotErrorId = fields.timeSlot.errors?.[0] ? `${fields.timeSlot.id}-error` : undefined;

  return (
    <Form
      method="post"
      action={action}
      {...formProps}
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
        onChange={setDate}
        earliest={earliestDate}
        latest={latestDate}
        error={fields.date.errors?.[0]}
      />
      <fieldset aria-describedby={slotErrorId}>
        <legend className="text-sm font-semibold">Time slot</legend>
        <p className="mt-1 text-sm text-ink-soft">
          {date
            ? "Times shown as fully booked cannot be chosen."
            : "Choose a date to see which times are free."}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {TIME_SLOTS.map((slot) => {
            const full = fullSlots.has(slot);
            const id = `${fields.timeSlot.id}-${slot.replace(":", "")}`;
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
                  name={fields.timeSlot.name}
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
        <FieldError id={slotErrorId} error={fields.timeSlot.errors?.[0]} />
      </fieldset>
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
      <FormStatus tone="error" message={message} errors={formError ? [] : fieldErrors} />
      <div>
        <button type="submit" disabled={busy} className={buttonClasses("ink", "w-full sm:w-auto")}>
          {busy ? "Booking..." : "Confirm Booking"}
        </button>
      </div>
    </Form>
  );
}
