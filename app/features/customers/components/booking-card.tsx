import { CalendarDays, Clock, MapPin } from "lucide-react";
import { StatusBadge } from "~/components/kit/status-badge";
import { ButtonLink } from "~/components/ui/button-link";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { BOOK_AGAIN_INTENT, BOOK_AGAIN_TEXT, BOOKING_TEXT } from "../customer-copy";
import type { BookingView } from "../my-bookings.service.server";
import { BookingChangeButtons } from "./booking-change-buttons";
import { BookingSignInLink } from "./booking-sign-in-link";
import { formatMoney } from "~/lib/format";
import { CustomerVisitPanel } from "~/features/job-visits/components/customer-visit";

/**
 * One booking as My Bookings shows it (docs/product/public-site.md#my-bookings): service, status badge,
 * date, time slot, address and price. Its owner gets Reschedule and Cancel; a visitor who opened it
 * through its reference sees it read-only, without the address, and can have a sign-in link sent
 * to the booking's email (docs/decisions/0053-guest-booking-page.md).
 */
export function BookingCard({
  booking,
  mode,
  earliestDate,
}: {
  booking: BookingView;
  mode: "owner" | "read-only";
  earliestDate: string;
}) {
  const titleId = `booking-${booking.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-lg border border-line bg-white p-5 sm:p-6"
      data-testid="booking-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-display text-xl font-medium">
            {booking.serviceLabel}
          </h3>
          <p className="mt-0.5 text-xs text-muted">Reference {booking.reference}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge kind="booking" status={booking.status} label={booking.statusLabel} />
          {booking.payment && (
            <StatusBadge
              kind="payment"
              status={booking.payment.status}
              label={booking.payment.label}
            />
          )}
        </div>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <Detail icon={CalendarDays} label="Date">
          {booking.dateLabel}
        </Detail>
        <Detail icon={Clock} label="Time">
          {booking.timeLabel}
        </Detail>
        {booking.address !== null && (
          <Detail icon={MapPin} label="Address" wide>
            {booking.address}
          </Detail>
        )}
        <PriceDetail booking={booking} />
      </dl>
      {booking.visit && <CustomerVisitPanel visit={booking.visit} bookingId={booking.id} />}
      {booking.payHref && (
        <ButtonLink to={booking.payHref} className="mt-4">
          {BOOKING_TEXT.pay}
          <span className="sr-only"> for booking {booking.reference}</span>
        </ButtonLink>
      )}
      <AfterTheClean booking={booking} mode={mode} />
      {mode === "owner" ? (
        <BookingChangeButtons booking={booking} earliestDate={earliestDate} />
      ) : (
        <BookingSignInLink reference={booking.reference} />
      )}
    </article>
  );
}

/**
 * A past clean's Book again (its owner only; docs/decisions/0079-book-again.md) and a completed
 * one's tip link (docs/decisions/0078-tips-go-to-the-crew.md).
 */
function AfterTheClean({ booking, mode }: { booking: BookingView; mode: "owner" | "read-only" }) {
  const again = mode === "owner" && booking.canBookAgain;
  if (!again && !booking.tipHref) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {again && <BookAgainButton booking={booking} />}
      {booking.tipHref && (
        <ButtonLink to={booking.tipHref} variant="outline">
          {BOOK_AGAIN_TEXT.tip}
          <span className="sr-only"> for booking {booking.reference}</span>
        </ButtonLink>
      )}
    </div>
  );
}

function BookAgainButton({ booking }: { booking: BookingView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("bookingId") === booking.id;
  return (
    <Form method="post" action="/bookings">
      <input type="hidden" name="intent" value={BOOK_AGAIN_INTENT} />
      <input type="hidden" name="bookingId" value={booking.id} />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className={buttonClasses("ink")}
      >
        {busy ? BOOK_AGAIN_TEXT.busy : BOOK_AGAIN_TEXT.button}
        <span className="sr-only"> booking {booking.reference}</span>
      </button>
    </Form>
  );
}

/** What the customer pays, and the rewards discount already taken off (docs/decisions/0047-rewards-follow-the-email.md). */
function PriceDetail({ booking }: { booking: BookingView }) {
  return (
    <div className="sm:col-span-2">
      <dt className="sr-only">Price</dt>
      <dd className="flex flex-wrap items-baseline gap-x-3 gap-y-2">
        <span
          data-testid="booking-price"
          className="font-display text-2xl font-medium tabular-nums"
        >
          {formatMoney(booking.priceCents)}
        </span>
        {booking.discountCents > 0 && (
          <span className="text-sm text-ink-soft">
            {BOOKING_TEXT.discountNote(formatMoney(booking.discountCents))}
          </span>
        )}
      </dd>
    </div>
  );
}

function Detail({
  icon: Icon,
  label,
  children,
  wide = false,
}: {
  icon: typeof CalendarDays;
  label: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : ""}>
      <dt className="sr-only">{label}</dt>
      <dd className="flex gap-2">
        <Icon
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-gold-deep"
          strokeWidth={1.5}
        />
        <span>{children}</span>
      </dd>
    </div>
  );
}
