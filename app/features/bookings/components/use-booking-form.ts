import { useEffect, useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { useAppForm } from "~/components/forms/use-app-form";
import type { BookingActionData } from "../booking-action.server";
import { BOOKING_MESSAGES } from "../booking-messages";
import { BookingFormSchema } from "../booking.schema";

export type Slot = { slot: string; full: boolean };

/** The chosen date's slots that fit the clean in opening hours; when none, why (a closed day). */
export type DaySlots = { slots: Slot[]; closed: string | null };

/** A month of the calendar: the days on which no slot has a whole crew free. */
export type MonthRoom = { month: string; daysWithoutRoom: string[] };

export type BookingFormState = ReturnType<typeof useBookingForm>;

/**
 * The booking form's fields and chosen date; once hydrated, the chosen date's availability
 * (which slots are full), and the message for a refusal or for fields to check.
 */
/** What the booking form starts from: the quote, its defaults and the page's answers so far. */
export type BookingFormInput = {
  quoteReference: string;
  defaultSuburb: string;
  /** The street of a repeated clean (docs/decisions/0079-book-again.md) */
  defaultStreet?: string;
  initialDate: string | null;
  initialSlots: DaySlots | null;
  initialMonth: MonthRoom | null;
  result?: BookingActionData;
};

export function useBookingForm(input: BookingFormInput) {
  const { quoteReference, defaultSuburb, defaultStreet = "", initialDate, initialSlots } = input;
  const { initialMonth, result } = input;
  const action = `/booking?ref=${encodeURIComponent(quoteReference)}`;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { form, fields, formProps } = useAppForm(BookingFormSchema, {
    id: "booking",
    result,
    defaultValue: { suburb: defaultSuburb, address: defaultStreet, date: initialDate ?? "" },
  });
  const [date, setDate] = useState(result?.values.date ?? initialDate ?? "");
  // Once the hidden date input holds the chosen day, an earlier "choose a date" message goes.
  const dateHasError = Boolean(fields.date.errors?.length);
  useEffect(() => {
    if (date && dateHasError) form.validate({ name: fields.date.name });
  }, [date, dateHasError, form, fields.date.name]);
  const availability = useFetcher<{ date: string | null; slots: DaySlots | null }>();
  useEffect(() => {
    if (!date || date === initialDate) return;
    void availability.load(`${action}&date=${encodeURIComponent(date)}`);
    // `availability` is a new object each render; loading again for the same date is not wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, action, initialDate]);

  // The calendar's month as it turns: its days without room, asked for unless the page has them.
  const [month, setMonth] = useState(initialMonth?.month ?? "");
  const monthFetcher = useFetcher<{ month: MonthRoom | null }>();
  useEffect(() => {
    if (!month || month === initialMonth?.month) return;
    void monthFetcher.load(`${action}&month=${encodeURIComponent(month)}`);
    // As above: `monthFetcher` is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [month, action, initialMonth?.month]);
  const daysWithoutRoom = [
    ...(initialMonth?.daysWithoutRoom ?? []),
    ...(monthFetcher.data?.month?.daysWithoutRoom ?? []),
  ];

  const day: DaySlots | null | undefined =
    date && availability.data?.date === date
      ? availability.data.slots
      : result?.slots && result.values.date === date
        ? result.slots
        : date === initialDate
          ? initialSlots
          : null;
  const fullSlots = new Set((day?.slots ?? []).filter((s) => s.full).map((s) => s.slot));
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
  return {
    action,
    busy,
    fields,
    formProps,
    date,
    setDate,
    day: day ?? null,
    fullSlots,
    setMonth,
    daysWithoutRoom,
    chosenSlot,
    fieldErrors,
    formError,
    message,
  };
}
