import { useState } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
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

/**
 * Reschedule and Cancel for one of the customer's bookings. Inside 24 hours both are disabled
 * and the reason is written beside them (not only a tooltip). Each opens a dialog whose form
 * posts to /bookings; the answer shows on the card.
 */
// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
export function BookingChangeButtons({
  booking,
  earliestDate,
}: {
  booking: BookingView;
  earliestDate: string;
}) {
  const reasonId = `booking-${booking.id}-reason`;
  const cancel = useFetcher<BookingChangeActionData>({ key: `cancel-${booking.id}` });
  const reschedule = useFetcher<BookingChangeActionData>({ key: `reschedule-${booking.id}` });
  // A dialog stays open until its form gets an answer: then a refusal or success shows on the
  // card, while field errors keep the reschedule dialog open beside its fields.
  const [open, setOpen] = useState<{ which: "cancel" | "reschedule"; since: unknown } | null>(null);
  const [lastWhich, setLastWhich] = useState<"cancel" | "reschedule">("cancel");
  const hasFieldErrors = Boolean(reschedule.data && "fieldErrors" in reschedule.data);
  const cancelOpen =
    open?.which === "cancel" && (cancel.data === open.since || cancel.state !== "idle");
  const rescheduleOpen =
    open?.which === "reschedule" &&
    (reschedule.data === open.since || reschedule.state !== "idle" || hasFieldErrors);
  const openDialog = (which: "cancel" | "reschedule", next: boolean) => {
    setLastWhich(which);
    setOpen(next ? { which, since: (which === "cancel" ? cancel : reschedule).data } : null);
  };

  // Before JavaScript runs the forms post the page itself; its answer comes back as action data.
  const hydrated = useHydrated();
  const posted = useActionData<BookingChangeActionData>();
  const fromPage = posted && posted.bookingId === booking.id ? posted : undefined;
  const last = (lastWhich === "cancel" ? cancel.data : reschedule.data) ?? fromPage;
  const message =
    last && "status" in last
      ? last.message
      : last && "formError" in last
        ? last.formError
        : undefined;

  if (!booking.change.allowed) {
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
          {booking.change.reason}
        </p>
      </div>
    );
  }

  const status = (
    <div className="mt-3">
      <FormMessage
        message={message}
        tone={last && "status" in last && last.status === "done" ? "success" : "error"}
      />
    </div>
  );

  if (!hydrated) {
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
              result={fromPage}
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

  return (
    <div className="mt-5 border-t border-line pt-4">
      <div className="flex flex-wrap gap-3">
        <Dialog
          open={rescheduleOpen}
          onOpenChange={(next) => openDialog("reschedule", next)}
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
        <Dialog
          open={cancelOpen}
          onOpenChange={(next) => openDialog("cancel", next)}
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
              onClick={() => setOpen(null)}
              className={buttonClasses("outline", "px-4")}
            >
              {BOOKING_TEXT.keep}
            </button>
          </cancel.Form>
        </Dialog>
      </div>
      {status}
    </div>
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
