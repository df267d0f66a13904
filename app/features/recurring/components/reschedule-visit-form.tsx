import { Form } from "react-router";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { formatLongDate, formatTimeSlot } from "~/lib/format";
import type { SeriesVisit } from "../series.service.server";

/**
 * Moves one visit of a series to another date and slot (staff, on the customer's page): the
 * visit's booking moves as any booking does, so its crew follows and its cleaners are told
 * (docs/decisions/0073-series-occurrences-are-bookings.md).
 */
export function RescheduleVisitForm({
  visit,
  earliestDate,
  errors,
}: {
  visit: SeriesVisit;
  earliestDate: string;
  errors?: Partial<Record<string, string>>;
}) {
  const id = (name: string) => `move-${visit.occurrenceId}-${name}`;
  return (
    <details
      className="w-full rounded-md border border-line p-3 dark:border-ivory/10"
      open={Boolean(errors)}
    >
      <summary className="cursor-pointer font-semibold">
        Move<span className="sr-only"> the visit on {formatLongDate(visit.date)}</span>
      </summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
        <input type="hidden" name="intent" value="reschedule" />
        <input type="hidden" name="occurrenceId" value={visit.occurrenceId} />
        <Field label="New date" id={id("date")} error={errors?.date}>
          {(control) => <Input {...control} type="date" name="date" min={earliestDate} required />}
        </Field>
        <TimeSlotField
          label="New time"
          id={id("timeSlot")}
          error={errors?.timeSlot}
          defaultValue={visit.timeSlot}
        />
        <button type="submit" className={buttonClasses("outline", "min-h-11")}>
          Move visit
        </button>
      </Form>
    </details>
  );
}

/** The series' time slots as a select named `timeSlot`, for the change and move forms. */
export function TimeSlotField({
  label,
  id,
  error,
  defaultValue,
}: {
  label: string;
  id: string;
  error?: string;
  defaultValue: string;
}) {
  return (
    <Field label={label} id={id} error={error}>
      {(control) => (
        <NativeSelect {...control} name="timeSlot" defaultValue={defaultValue}>
          {TIME_SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {formatTimeSlot(slot)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
