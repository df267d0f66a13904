import { Form } from "react-router";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { formatLongDate, formatMoney, formatTimeSlot } from "~/lib/format";
import { FREQUENCY_LABELS } from "../frequencies";
import type { SeriesView } from "../series.service.server";
import { RescheduleVisitForm, TimeSlotField } from "./reschedule-visit-form";

/** What the page's last post answered, for the card it was about. */
export type SeriesCardAnswer = {
  ok: boolean;
  message: string;
  target?: string;
  fieldErrors?: Partial<Record<string, string>>;
};

const VISIT_STATUS: Record<SeriesView["upcoming"][number]["status"], string> = {
  booked: "Booked",
  unstaffed: "Booked",
  skipped: "Skipped",
  cancelled: "Cancelled",
};

/**
 * One regular clean (docs/decisions/0073-series-occurrences-are-bookings.md): its wording,
 * status, price and address, its visits ahead with Skip on each a customer may still change,
 * and forms to change all future visits, pause and cancel. Plain forms: they post without
 * JavaScript. For `staff` (the customer's back-office page) every visit still to happen may be
 * skipped or moved, at any time; one inside its 24 hours says so, since its crew hears late.
 */
export function SeriesCard({
  series,
  earliestDate,
  answer,
  staff = false,
}: {
  series: SeriesView;
  earliestDate: string;
  answer?: SeriesCardAnswer;
  staff?: boolean;
}) {
  const titleId = `series-${series.id}-title`;
  const mine =
    answer &&
    (answer.target === series.id || series.upcoming.some((v) => v.occurrenceId === answer.target));
  const live = series.status !== "cancelled";
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-lg border border-line bg-white p-5 sm:p-6 dark:border-ivory/10 dark:bg-ink-raised"
      data-testid="series-card"
    >
      <SeriesHeading series={series} titleId={titleId} staff={staff} />
      {mine && (
        <div className="mt-4">
          <FormMessage message={answer.message} tone={answer.ok ? "success" : "error"} />
        </div>
      )}
      {series.upcoming.length > 0 && (
        <ul className="mt-4 divide-y divide-line border-y border-line" aria-label="Visits ahead">
          {series.upcoming.map((visit) => (
            <VisitRow
              key={visit.occurrenceId}
              visit={visit}
              live={live}
              staff={staff}
              earliestDate={earliestDate}
              errors={answer?.target === visit.occurrenceId ? answer.fieldErrors : undefined}
            />
          ))}
        </ul>
      )}
      {live && (
        <SeriesActions
          series={series}
          earliestDate={earliestDate}
          errors={answer?.target === series.id ? answer.fieldErrors : undefined}
        />
      )}
    </article>
  );
}

function VisitRow({
  visit,
  live,
  staff,
  earliestDate,
  errors,
}: {
  visit: SeriesView["upcoming"][number];
  live: boolean;
  staff: boolean;
  earliestDate: string;
  errors?: Partial<Record<string, string>>;
}) {
  const mayChange = live && (staff ? visit.live : visit.changeable);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span>
        {formatLongDate(visit.date)} at {formatTimeSlot(visit.timeSlot)}
        <span className="ml-2 text-ink-soft dark:text-mist">{VISIT_STATUS[visit.status]}</span>
        {staff && visit.live && !visit.changeable && (
          <span className="ml-2 font-semibold">Within 24 hours</span>
        )}
      </span>
      {mayChange && (
        <Form method="post">
          <input type="hidden" name="intent" value="skip" />
          <input type="hidden" name="occurrenceId" value={visit.occurrenceId} />
          <button type="submit" className={buttonClasses("outline", "min-h-11 px-3 py-1 text-sm")}>
            Skip<span className="sr-only"> the visit on {formatLongDate(visit.date)}</span>
          </button>
        </Form>
      )}
      {mayChange && staff && (
        <RescheduleVisitForm visit={visit} earliestDate={earliestDate} errors={errors} />
      )}
    </li>
  );
}

function SeriesHeading({
  series,
  titleId,
  staff,
}: {
  series: SeriesView;
  titleId: string;
  staff: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h3 id={titleId} className="font-display text-xl font-medium first-letter:uppercase">
          {series.wording}
        </h3>
        <p className="mt-1 text-sm text-ink-soft dark:text-mist">
          {formatMoney(series.visitPriceCents)} a visit, GST included · {series.address}
        </p>
      </div>
      {series.status !== "cancelled" && !staff && (
        <a
          href={`/bookings/regular/${series.id}/calendar.ics`}
          className="text-sm font-semibold underline underline-offset-4"
          download
        >
          Add to calendar
        </a>
      )}
      <p className="rounded-full border border-line px-3 py-1 text-sm font-semibold">
        {series.statusLabel}
      </p>
    </div>
  );
}

function SeriesActions({
  series,
  earliestDate,
  errors,
}: {
  series: SeriesView;
  earliestDate: string;
  errors?: Partial<Record<string, string>>;
}) {
  return (
    <div className="mt-5 grid gap-4">
      <ChangeFutureForm series={series} earliestDate={earliestDate} errors={errors} />
      <details className="rounded-md border border-line p-4" open={Boolean(errors?.until)}>
        <summary className="cursor-pointer font-semibold">Pause</summary>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="pause" />
          <input type="hidden" name="seriesId" value={series.id} />
          <Field label="Start again on" id={`pause-${series.id}`} error={errors?.until}>
            {(control) => (
              <Input {...control} type="date" name="until" min={earliestDate} required />
            )}
          </Field>
          <button type="submit" className={buttonClasses("outline")}>
            Pause visits
          </button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="seriesId" value={series.id} />
        <button type="submit" className={buttonClasses("outline")}>
          Cancel this regular clean
        </button>
      </Form>
    </div>
  );
}

function ChangeFutureForm({
  series,
  earliestDate,
  errors,
}: {
  series: SeriesView;
  earliestDate: string;
  errors?: Partial<Record<string, string>>;
}) {
  const id = (name: string) => `change-${series.id}-${name}`;
  return (
    <details className="rounded-md border border-line p-4" open={Boolean(errors)}>
      <summary className="cursor-pointer font-semibold">Change all future visits</summary>
      <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="seriesId" value={series.id} />
        <Field
          label="From (the first visit on the new day)"
          id={id("startsOn")}
          error={errors?.startsOn}
        >
          {(control) => (
            <Input {...control} type="date" name="startsOn" min={earliestDate} required />
          )}
        </Field>
        <TimeSlotField
          label="Time"
          id={id("timeSlot")}
          error={errors?.timeSlot}
          defaultValue={series.timeSlot}
        />
        <Field label="How often" id={id("frequency")} error={errors?.frequency}>
          {(control) => (
            <NativeSelect {...control} name="frequency" defaultValue={series.frequency}>
              {(["weekly", "fortnightly", "every_4_weeks"] as const).map((frequency) => (
                <option key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Address" id={id("address")} error={errors?.address}>
          {(control) => (
            <Input {...control} name="address" defaultValue={series.address} required />
          )}
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClasses("ink")}>
            Change future visits
          </button>
        </div>
      </Form>
    </details>
  );
}
