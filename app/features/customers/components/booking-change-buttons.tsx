import { Form } from "react-router";
import { SelectField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { Dialog } from "~/components/kit/dialog";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import type { BookingChangeActionData } from "../account-actions.server";
import { RescheduleBookingSchema } from "../customer-account.schema";
import { BOOKING_TEXT } from "../customer-copy";
import type { BookingView } from "../my-bookings.service.server";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { formatTimeSlot } from "~/lib/format";
import { useBookingChange } from "./use-booking-change";

/**
 * Reschedule and Cancel for one of the customer's bookings. Inside 24 hours both are disabled
 * and the reason is written beside them (not only a tooltip). Each opens a dialog whose form
 * posts to /bookings; the answer shows on the card.
 */
export function BookingChangeButtons({
  booking,
  earliestDate,
}: {
  booking: BookingView;
  earliestDate: string;
}) {
  const change = useBookingChange(booking);
  if (!booking.change.allowed) {
    return <ChangeLocked bookingId={booking.id} reason={booking.change.reason} />;
  }

  const status = (
    <div className="mt-3">
      <FormMessage message={change.message} tone={change.done ? "success" : "error"} />
    </div>
  );
  if (!change.hydrated) {
    return (
      <ChangeWithoutScript
        booking={booking}
        earliestDate={earliestDate}
        result={change.fromPage}
        status={status}
      />
    );
  }
  return (
    <div className="mt-5 border-t border-line pt-4">
      <div className="flex flex-wrap gap-3">
        <RescheduleDialog booking={booking} earliestDate={earliestDate} change={change} />
        <CancelDialog booking={booking} change={change} />
      </div>
      {status}
    </div>
  );
}

type BookingChange = ReturnType<typeof useBookingChange>;

/** Inside 24 hours both are disabled and the reason is written beside them. */
function ChangeLocked({ bookingId, reason }: { bookingId: string; reason: string }) {
  const reasonId = `booking-${bookingId}-reason`;
  return (
    <div className="mt-5 border-t border-line pt-4">
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled aria-describedby={reasonId} className={disabledButton}>
          {BOOKING_TEXT.reschedule}
        </button>
        <button type="button" disabled aria-describedby={reasonId} className={disabledButton}>
          {BOOKING_TEXT.cancel}
        </button>
      </div>
      <p id={reasonId} className="mt-3 text-sm text-ink-soft">
        {reason}
      </p>
    </div>
  );
}

/** Before JavaScript runs: each form opens in a disclosure and posts the page itself. */
function ChangeWithoutScript({
  booking,
  earliestDate,
  result,
  status,
}: {
  booking: BookingView;
  earliestDate: string;
  result: BookingChangeActionData | undefined;
  status: React.ReactNode;
}) {
  return (
    <div className="mt-5 space-y-3 border-t border-line pt-4">
      <details className="group">
        <summary className={buttonClasses("outline", "cursor-pointer px-4")}>
          {BOOKING_TEXT.reschedule}
        </summary>
        <div className="mt-4">
          <RescheduleForm
            booking={booking}
            earliestDate={earliestDate}
            FormComponent={Form}
            result={result}
            busy={false}
          />
        </div>
      </details>
      <details>
        <summary className={buttonClasses("outline", "cursor-pointer px-4")}>
          {BOOKING_TEXT.cancel}
        </summary>
        <Form method="post" action="/bookings" className="mt-4 space-y-3">
          <p className="text-sm text-ink-soft">{BOOKING_TEXT.cancelExplain}</p>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <button type="submit" className={buttonClasses("ink", "px-4")}>
            {BOOKING_TEXT.cancelConfirm}
          </button>
        </Form>
      </details>
      {status}
    </div>
  );
}

function RescheduleDialog({
  booking,
  earliestDate,
  change,
}: {
  booking: BookingView;
  earliestDate: string;
  change: BookingChange;
}) {
  const { reschedule } = change;
  return (
    <Dialog
      open={change.rescheduleOpen}
      onOpenChange={(next) => change.openDialog("reschedule", next)}
      title="Reschedule your booking"
      description={`Now: ${booking.dateLabel} at ${booking.timeLabel}. Choose a new date and time.`}
      trigger={
        <button type="button" className={buttonClasses("outline", "px-4")}>
          {BOOKING_TEXT.reschedule}
        </button>
      }
    >
      <RescheduleForm
        booking={booking}
        earliestDate={earliestDate}
        FormComponent={reschedule.Form}
        result={reschedule.data}
        busy={reschedule.state !== "idle"}
      />
    </Dialog>
  );
}

function CancelDialog({ booking, change }: { booking: BookingView; change: BookingChange }) {
  const { cancel } = change;
  return (
    <Dialog
      open={change.cancelOpen}
      onOpenChange={(next) => change.openDialog("cancel", next)}
      title={BOOKING_TEXT.cancelQuestion}
      description={`${booking.serviceLabel}, ${booking.dateLabel} at ${booking.timeLabel}. ${BOOKING_TEXT.cancelExplain}`}
      trigger={
        <button type="button" className={buttonClasses("outline", "px-4")}>
          {BOOKING_TEXT.cancel}
        </button>
      }
    >
      <cancel.Form method="post" action="/bookings" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <button
          type="submit"
          disabled={cancel.state !== "idle"}
          className={buttonClasses("ink", "px-4 disabled:opacity-70")}
        >
          {cancel.state !== "idle" ? "Cancelling..." : BOOKING_TEXT.cancelConfirm}
        </button>
        <button
          type="button"
          onClick={change.closeDialog}
          className={buttonClasses("outline", "px-4")}
        >
          {BOOKING_TEXT.keep}
        </button>
      </cancel.Form>
    </Dialog>
  );
}

const disabledButton = buttonClasses("outline", "px-4 cursor-not-allowed opacity-60");

function RescheduleForm({
  booking,
  earliestDate,
  FormComponent,
  result,
  busy,
}: {
  booking: BookingView;
  earliestDate: string;
  FormComponent: typeof Form;
  result?: BookingChangeActionData;
  busy: boolean;
}) {
  const { fields, formProps } = useAppForm(RescheduleBookingSchema, {
    id: `reschedule-${booking.id}`,
    result,
    defaultValue: { date: "", timeSlot: booking.timeSlot },
  });
  return (
    <FormComponent method="post" action="/bookings" {...formProps} className="grid gap-4">
      <input type="hidden" name="intent" value="reschedule" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <TextField
        meta={fields.date}
        label="New date"
        type="date"
        min={earliestDate}
        aria-required="true"
      />
      <SelectField meta={fields.timeSlot} label="New time" aria-required="true">
        {TIME_SLOTS.map((slot) => (
          <option key={slot} value={slot}>
            {formatTimeSlot(slot)}
          </option>
        ))}
      </SelectField>
      <div>
        <button
          type="submit"
          disabled={busy}
          className={buttonClasses("ink", "w-full disabled:opacity-70 sm:w-auto")}
        >
          {busy ? "Moving..." : BOOKING_TEXT.rescheduleSubmit}
        </button>
      </div>
    </FormComponent>
  );
}
