import { useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import type { BookingChangeActionData } from "../account-actions.server";
import type { BookingView } from "../my-bookings.service.server";

type Which = "cancel" | "reschedule";

/**
 * The two forms' fetchers, which dialog is open, and the last answer to show on the card.
 * A dialog stays open until its form gets an answer: then a refusal or success shows on the
 * card, while field errors keep the reschedule dialog open beside its fields.
 */
export function useBookingChange(booking: BookingView) {
  const cancel = useFetcher<BookingChangeActionData>({ key: `cancel-${booking.id}` });
  const reschedule = useFetcher<BookingChangeActionData>({ key: `reschedule-${booking.id}` });
  const [open, setOpen] = useState<{ which: Which; since: unknown } | null>(null);
  const [lastWhich, setLastWhich] = useState<Which>("cancel");
  const hasFieldErrors = Boolean(reschedule.data && "fieldErrors" in reschedule.data);
  const cancelOpen =
    open?.which === "cancel" && (cancel.data === open.since || cancel.state !== "idle");
  const rescheduleOpen =
    open?.which === "reschedule" &&
    (reschedule.data === open.since || reschedule.state !== "idle" || hasFieldErrors);
  const openDialog = (which: Which, next: boolean) => {
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
  const done = Boolean(last && "status" in last && last.status === "done");
  const closeDialog = () => setOpen(null);
  return {
    cancel,
    reschedule,
    cancelOpen,
    rescheduleOpen,
    openDialog,
    closeDialog,
    hydrated,
    fromPage,
    message,
    done,
  };
}
