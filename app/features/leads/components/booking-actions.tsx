import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog, Dialog } from "~/components/kit/dialog";
import { Checkbox, Field, Input, NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import type { BookingActionResult } from "../booking-section";
import type { LeadDetails } from "../lead-details";
import { formatMoney, formatTimeSlot } from "~/lib/format";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";

type Booking = LeadDetails["bookings"][number];

const OUTLINE = buttonClasses("outline", "px-4 dark:border-ivory/40 dark:text-ivory");

/**
 * A booking's staff actions in the quote details: Mark paid while money is owed (confirmed or
 * completed, not paid nor refunded; confirmed first, since it records revenue), and on a
 * confirmed booking Reschedule (a date and a slot; a full slot is refused with the booking
 * feature's message) and Cancel, confirmed in a dialog, with a refund offered only to those who
 * may issue one.
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
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [confirming, setConfirming] = useState(false);
  const action = `/admin/quotes/${quoteId}`;
  const live = booking.status === "confirmed";
  if (!live && !moneyOwed(booking)) {
    return <FormMessage message={result?.message} tone={result?.ok ? "success" : "error"} />;
  }
  return (
    <div className="mt-3 space-y-3">
      <FormMessage message={result?.message} tone={result?.ok ? "success" : "error"} />
      <div className="flex flex-wrap gap-2">
        {moneyOwed(booking) && (
          <MarkPaidButton booking={booking} action={action} fetcher={fetcher} />
        )}
        {live && (
          <button type="button" className={OUTLINE} onClick={() => setConfirming(true)}>
            Cancel booking
          </button>
        )}
        {live && moneyOwed(booking) && !booking.payOnTheDay && (
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value="booking-pay-on-the-day" />
            <input type="hidden" name="bookingId" value={booking.id} />
            <button type="submit" disabled={fetcher.state !== "idle"} className={OUTLINE}>
              Pay on the day
            </button>
          </fetcher.Form>
        )}
      </div>
      {live && (
        <>
          <RescheduleForm booking={booking} action={action} fetcher={fetcher} />
          <CancelDialog
            booking={booking}
            action={action}
            fetcher={fetcher}
            canRefund={canRefund}
            open={confirming}
            onOpenChange={setConfirming}
          />
        </>
      )}
    </div>
  );
}

/**
 * The booking's payment as staff read it: its status, or how much of a payment still paid was
 * refunded (docs/decisions/0043-payouts-and-refunds.md).
 */
export function BookingPayment({ booking }: { booking: Booking }) {
  const refunded = booking.refundedCents ?? 0;
  if (booking.payment === "paid" && refunded > 0) {
    return <dd>Partly refunded {formatMoney(refunded)}</dd>;
  }
  return <dd className="capitalize">{booking.payment}</dd>;
}

/** Money is owed on a confirmed or completed booking that is neither paid nor refunded. */
function moneyOwed(booking: Booking) {
  const open = booking.status === "confirmed" || booking.status === "completed";
  return open && booking.payment !== "paid" && booking.payment !== "refunded";
}

function MarkPaidButton({
  booking,
  action,
  fetcher,
}: {
  booking: Booking;
  action: string;
  fetcher: BookingFetcher;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmDialog
      title={`Mark booking ${booking.reference} paid?`}
      description="This records the payment as revenue and emails the client a receipt. Only do this once the money has arrived."
      confirmLabel="Mark paid"
      onConfirm={() =>
        void fetcher.submit(
          { intent: "booking-paid", bookingId: booking.id },
          { method: "post", action },
        )
      }
      trigger={
        <button type="button" disabled={busy} className={OUTLINE}>
          Mark paid
        </button>
      }
    />
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
