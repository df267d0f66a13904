import { useState } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "~/components/kit/dialog";
import { Checkbox, Field, Input, NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import type { BookingActionResult } from "../booking-section";
import type { LeadDetails } from "../lead-details";
import { formatTimeSlot } from "~/lib/format";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";

type Booking = LeadDetails["bookings"][number];

const OUTLINE = buttonClasses("outline", "px-4 dark:border-ivory/40 dark:text-ivory");

/**
 * A live booking's staff actions in the quote details: Mark paid, Reschedule (a date
 * and a slot; a full slot is refused with the booking feature's message) and Cancel, confirmed in
 * a dialog, with a refund offered only to those who may issue one.
 */
export function BookingActions({
  booking,
  quoteId,
  canRefund,
}: {
  booking: Booking;
  quoteId: string;
  canRefund: boolean;
}) {
  const fetcher = useFetcher<BookingActionResult>({ key: `lead-booking-${booking.id}` });
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [confirming, setConfirming] = useState(false);
  if (booking.status !== "confirmed") {
    return <FormMessage message={result?.message} tone={result?.ok ? "success" : "error"} />;
  }
  const paid = booking.payment === "paid";
  const action = `/admin/quotes/${quoteId}`;
  return (
    <div className="mt-3 space-y-3">
      <FormMessage message={result?.message} tone={result?.ok ? "success" : "error"} />
      <div className="flex flex-wrap gap-2">
        {!paid && booking.payment !== "refunded" && (
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value="booking-paid" />
            <input type="hidden" name="bookingId" value={booking.id} />
            <button type="submit" disabled={busy} className={OUTLINE}>
              Mark paid
            </button>
          </fetcher.Form>
        )}
        {!paid && booking.payment !== "refunded" && !booking.payOnTheDay && (
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value="booking-pay-on-the-day" />
            <input type="hidden" name="bookingId" value={booking.id} />
            <button type="submit" disabled={busy} className={OUTLINE}>
              Pay on the day
            </button>
          </fetcher.Form>
        )}
        <button type="button" className={OUTLINE} onClick={() => setConfirming(true)}>
          Cancel booking
        </button>
      </div>

      <RescheduleForm booking={booking} action={action} fetcher={fetcher} />
      <CancelDialog
        booking={booking}
        action={action}
        fetcher={fetcher}
        canRefund={canRefund}
        open={confirming}
        onOpenChange={setConfirming}
      />
    </div>
  );
}

type BookingFetcher = ReturnType<typeof useFetcher<BookingActionResult>>;

function RescheduleForm({
  booking,
  action,
  fetcher,
}: {
  booking: Booking;
  action: string;
  fetcher: BookingFetcher;
}) {
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.intent === "booking-reschedule" ? (result.fieldErrors ?? {}) : {};
  return (
    <fetcher.Form method="post" action={action} className="space-y-2" noValidate>
      <input type="hidden" name="intent" value="booking-reschedule" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`reschedule-date-${booking.id}`} label="New date" error={errors.date}>
          {(control) => (
            <Input name="date" type="date" defaultValue={booking.isoDate} required {...control} />
          )}
        </Field>
        <Field id={`reschedule-slot-${booking.id}`} label="New time" error={errors.timeSlot}>
          {(control) => (
            <NativeSelect name="timeSlot" defaultValue={booking.slot} required {...control}>
              {TIME_SLOTS.map((slot) => (
                <option key={slot} value={slot}>
                  {formatTimeSlot(slot)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <button type="submit" disabled={busy} className={OUTLINE}>
        Reschedule
      </button>
    </fetcher.Form>
  );
}

function CancelDialog({
  booking,
  action,
  fetcher,
  canRefund,
  open,
  onOpenChange,
}: {
  booking: Booking;
  action: string;
  fetcher: BookingFetcher;
  canRefund: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const busy = fetcher.state !== "idle";
  const paid = booking.payment === "paid";
  return (
    <Dialog
      title={`Cancel booking ${booking.reference}?`}
      description={`${booking.date}, ${formatTimeSlot(booking.slot)}. The client and the team are told.`}
      open={open}
      onOpenChange={onOpenChange}
    >
      {/* The dialog closes as the cancel is sent; its answer shows above the buttons. */}
      <fetcher.Form
        method="post"
        action={action}
        className="space-y-4"
        onSubmit={() => onOpenChange(false)}
      >
        <input type="hidden" name="intent" value="booking-cancel" />
        <input type="hidden" name="bookingId" value={booking.id} />
        {paid &&
          (canRefund ? (
            <Checkbox name="refund" label="Refund the payment" defaultChecked />
          ) : (
            <p>The payment stays. Only an owner can refund it.</p>
          ))}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={OUTLINE} onClick={() => onOpenChange(false)}>
            Keep booking
          </button>
          <button
            type="submit"
            disabled={busy}
            className={buttonClasses("ink", "bg-danger px-4 hover:bg-danger/90 dark:text-ivory")}
          >
            {busy ? "Cancelling..." : "Cancel booking"}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
