import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { BOOKING_MESSAGES } from "../booking-messages";

/**
 * /booking?ref= for a quote that has its booking: it says so, and leads to the booking through
 * the customer's own email (sign-in), never through the quote's reference
 * (docs/decisions/0051-quote-references-do-not-unlock-bookings.md).
 */
export function QuoteAlreadyBooked() {
  return (
    <div className="max-w-2xl rounded-lg border border-line bg-white p-6 sm:p-8">
      <h2 className="font-display text-2xl font-medium">{BOOKING_MESSAGES.alreadyBooked}</h2>
      <p className="mt-3 leading-relaxed text-ink-soft">
        We emailed the booking to the address on the quote. Sign in with that email to see it,
        change it or pay.
      </p>
      <Link to="/sign-in?redirectTo=%2Fbookings" className={buttonClasses("ink", "mt-6")}>
        Sign in to My Bookings
      </Link>
    </div>
  );
}
