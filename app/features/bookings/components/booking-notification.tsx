import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { BookingNotification as State } from "../bookings.service.server";
import { BOOKING_SUCCESS_TEXT as TEXT } from "../booking-messages";

const POLL_MS = 2000;

/**
 * docs/product/public-site.md#booking-success: "Notifying our team..." while the first tries of the booking webhook
 * run (the page asks again every 2 seconds), the spec's amber message once they have failed, and
 * nothing when it was delivered or when no webhook target is configured.
 */
export function BookingNotification({ state }: { state: State }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (state !== "sending") return;
    const timer = window.setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [state, revalidator]);

  return (
    <div aria-live="polite" aria-atomic="true">
      {state === "sending" && (
        <p data-testid="booking-notifying" className="text-ink-soft">
          {TEXT.notifying}
        </p>
      )}
      {state === "failing" && (
        <p
          data-testid="booking-notify-failed"
          className="rounded-md border border-warning/40 bg-warning/10 px-4 py-3 text-warning"
        >
          {TEXT.notifyFailed}
        </p>
      )}
    </div>
  );
}
