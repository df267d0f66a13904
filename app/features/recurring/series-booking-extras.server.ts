import type { Kysely } from "kysely";
import type { BookingFormExtras } from "~/features/bookings/bookings.service.server";
import type { Database } from "~/server/database";
import { FREQUENCIES, isRepeatingFrequency, type Frequency } from "./frequencies";
import { startSeriesFromBooking } from "./series.service.server";
import { FREQUENCY_DISCOUNT_PERCENT } from "./visit-pricing";

// docs/decisions/0073-series-occurrences-are-bookings.md: the booking form's "How often" choice.
// One-off books as before; a repeating choice takes its discount off the first visit
// (docs/decisions/0072-plans-and-visit-prices.md) and starts the series from the booking.

export const FREQUENCY_FIELD = "frequency";
export const FREQUENCY_MESSAGE = "Please choose how often.";

function postedFrequency(form: FormData): Frequency | null {
  const value = form.get(FREQUENCY_FIELD);
  // A form posted before this field existed books one clean, as it always did.
  if (value === null || value === "") return "one_off";
  return FREQUENCIES.includes(value as Frequency) ? (value as Frequency) : null;
}

/** The booking form's extras for a series, for the /booking route to pass to submitBooking. */
export function seriesBookingExtras(db: Kysely<Database>, publicUrl: string): BookingFormExtras {
  return {
    refusal: (form) =>
      postedFrequency(form) === null
        ? { field: FREQUENCY_FIELD, message: FREQUENCY_MESSAGE }
        : null,
    discountPercent: (form) => FREQUENCY_DISCOUNT_PERCENT[postedFrequency(form) ?? "one_off"],
    afterBooked: async (form, booking) => {
      const frequency = postedFrequency(form);
      if (!isRepeatingFrequency(frequency)) return;
      const started = await startSeriesFromBooking(db, { booking, frequency, publicUrl });
      if (!started.ok) throw new Error(started.message);
    },
  };
}
