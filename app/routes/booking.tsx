import { redirect } from "react-router";
import dayPickerStyles from "react-day-picker/style.css?url";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { submitBooking } from "~/features/bookings/booking-action.server";
import { BookingForm } from "~/features/bookings/components/booking-form";
import { smsSwitchedOn } from "~/features/sms/sms.service.server";
import { QuoteAlreadyBooked } from "~/features/bookings/components/quote-already-booked";
import { BookingPolicies } from "~/features/bookings/components/booking-policies";
import { BookingSummaryCard } from "~/features/bookings/components/booking-summary-card";
import {
  bookingPageFor,
  monthAvailability,
  slotAvailability,
} from "~/features/bookings/bookings.service.server";
import { findSignedInCustomer } from "~/features/customers/customer-session.server";
import { FrequencyChoice } from "~/features/recurring/components/frequency-choice";
import { seriesBookingExtras } from "~/features/recurring/series-booking-extras.server";
import { RewardsOfferLines } from "~/features/rewards/components/rewards-offer-lines";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/booking";

// docs/product/public-site.md#booking-page and docs/decisions/0005-durable-references.md: the quote behind ?ref=…; a
// missing or unknown reference goes home; a quote already booked says so and leads to sign-in,
// never to its booking's reference (docs/decisions/0051-quote-references-do-not-unlock-bookings.md). `?date=`
// adds that date's slot availability (the form asks for it when the date changes), and
// `?month=YYYY-MM` the days of that month with no whole crew free (the calendar asks for it as it
// turns; by default the month of the date, or of the earliest date;
// docs/decisions/0060-crews-and-cleaner-holds.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const customer = await findSignedInCustomer(request, context);
  const page = await bookingPageFor(
    context.db,
    url.searchParams.get("ref"),
    new Date(),
    customer?.email ?? null,
  );
  if (page.kind === "missing") throw redirect("/");
  const date = url.searchParams.get("date");
  const slots =
    page.kind === "ready" && date
      ? await slotAvailability(context.db, page.quote.reference, date)
      : null;
  const month =
    page.kind === "ready"
      ? await monthAvailability(
          context.db,
          page.quote.reference,
          url.searchParams.get("month") ?? (slots && date ? date : page.earliestDate).slice(0, 7),
        )
      : null;
  const smsOffered = await smsSwitchedOn(context.db, context.config);
  return { page, date: slots ? date : null, slots, month, smsOffered };
}

// The rewards discount follows the quote's email on the server, signed in or not
// (docs/decisions/0047-rewards-follow-the-email.md).
export async function action({ request, context }: Route.ActionArgs) {
  // docs/decisions/0073-series-occurrences-are-bookings.md: "How often" may start a series.
  return submitBooking(request, context, seriesBookingExtras(context.db, context.config.publicUrl));
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dayPickerStyles }];

// The reference is the key to the quote: the page is for its owner, not for caches or search.
export function headers() {
  return { "cache-control": "private, no-store", "x-robots-tag": "noindex" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Book Your Clean", "Choose a date and time for your clean.");
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { page, date, slots, month, smsOffered } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Booking" title="Book your clean">
        <p>Choose a date and a time, confirm the address, and your clean is booked.</p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        {page.kind === "ready" ? (
          <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
            <BookingForm
              quoteReference={page.quote.reference}
              earliestDate={page.earliestDate}
              latestDate={page.latestDate}
              defaultSuburb={page.quote.suburb}
              defaultStreet={page.quote.street}
              initialDate={date}
              initialSlots={slots}
              initialMonth={month}
              smsOffered={smsOffered}
              result={actionData}
            >
              <FrequencyChoice
                totalCents={page.quote.totalCents}
                error={actionData?.fieldErrors.frequency}
              />
            </BookingForm>
            <aside className="flex flex-col gap-8">
              <BookingSummaryCard
                service={page.quote.service}
                hours={page.quote.hours}
                totalCents={page.quote.totalCents}
                reference={page.quote.reference}
              >
                <RewardsOfferLines
                  offer={page.quote.rewards}
                  signInHref={`/sign-in?redirectTo=${encodeURIComponent(`/booking?ref=${page.quote.reference}`)}`}
                />
              </BookingSummaryCard>
              <BookingPolicies />
            </aside>
          </div>
        ) : page.kind === "booked" ? (
          <QuoteAlreadyBooked />
        ) : (
          <div className="max-w-2xl rounded-lg border border-line bg-white p-6 sm:p-8">
            <h2 className="font-display text-2xl font-medium">
              This quote cannot be booked online
            </h2>
            <p className="mt-3 leading-relaxed text-ink-soft">
              Please call us or send a message through the contact page, and we will arrange your
              clean with you.
            </p>
          </div>
        )}
      </Container>
    </PageMain>
  );
}
