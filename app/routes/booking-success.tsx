import { CalendarCheck } from "lucide-react";
import { redirect } from "react-router";
import { PageMain } from "~/components/site/page-main";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { BOOKING_SUCCESS_TEXT as TEXT } from "~/features/bookings/booking-messages";
import { findBookingSummary } from "~/features/bookings/bookings.service.server";
import { BookingNotification } from "~/features/bookings/components/booking-notification";
import { ConversionEvent } from "~/features/bookings/components/conversion-event";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/booking-success";
import { formatLongDate, formatTimeSlot, formatMoney } from "~/lib/format";

// docs/product/public-site.md#booking-success and docs/decisions/0005-durable-references.md: the booking behind ?ref=… (an
// unguessable booking reference, so emailed links open it without signing in). A missing or
// unknown reference goes home.
export async function loader({ request, context }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("ref");
  const booking = await findBookingSummary(context.db, reference, context.config);
  if (!booking) throw redirect("/");
  return { booking };
}

export function headers() {
  return { "cache-control": "private, no-store", "x-robots-tag": "noindex" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Booking Confirmed", "Your clean is booked.");
}

// eslint-disable-next-line max-lines-per-function -- markup only
export default function BookingSuccess({ loaderData }: Route.ComponentProps) {
  const { booking } = loaderData;
  const cancelled = booking.status === "cancelled";
  const rows = [
    { label: "Service", value: booking.service },
    { label: "Date", value: formatLongDate(booking.date) },
    { label: "Time", value: formatTimeSlot(booking.timeSlot) },
    { label: "Address", value: booking.address },
    {
      label: "Price",
      value:
        booking.discountCents > 0
          ? `${formatMoney(booking.priceCents - booking.discountCents)} (${formatMoney(booking.discountCents)} rewards discount)`
          : formatMoney(booking.priceCents),
    },
    { label: "Reference", value: booking.reference },
  ];
  return (
    <PageMain>
      <PageIntro
        eyebrow="Booking"
        title={cancelled ? "This booking is cancelled" : "Your clean is booked"}
      >
        <p>
          {cancelled
            ? "Call us or book again from a new quote whenever you are ready."
            : "We have emailed you the details with a calendar invite."}
        </p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        <section
          aria-labelledby="booking-details"
          className="max-w-2xl rounded-lg border border-line bg-white p-6 sm:p-8"
        >
          <h2
            id="booking-details"
            className="flex items-center gap-2 font-display text-2xl font-medium"
          >
            <CalendarCheck aria-hidden="true" className="size-6" strokeWidth={1.5} />
            Booking details
          </h2>
          <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
            {rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-ink-soft">{row.label}</dt>
                <dd
                  data-testid={`booking-${row.label.toLowerCase()}`}
                  className="[overflow-wrap:anywhere]"
                >
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          {!cancelled && (
            <div className="mt-6">
              <BookingNotification state={booking.notification} />
            </div>
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            {/* The booking itself, for a guest too (docs/decisions/0053-guest-booking-page.md). */}
            <ButtonLink
              to={`/bookings?ref=${encodeURIComponent(booking.reference)}`}
              variant="outline"
            >
              {TEXT.viewBookings}
            </ButtonLink>
            {!cancelled && (
              <ButtonLink to={`/payment?ref=${encodeURIComponent(booking.reference)}`}>
                {TEXT.payNow}
              </ButtonLink>
            )}
          </div>
        </section>
        {!cancelled && (
          <ConversionEvent
            name="booking_confirmed"
            id={booking.reference}
            valueCents={booking.priceCents - booking.discountCents}
          />
        )}
      </Container>
    </PageMain>
  );
}
