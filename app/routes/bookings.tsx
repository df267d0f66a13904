import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { PageMain } from "~/components/site/page-main";
import { PageIntro } from "~/components/ui/page-intro";
import { loadMyBookings } from "~/features/customers/account-pages.server";
import { submitMyBookingsForm } from "~/features/customers/account-actions.server";
import { BookingCard } from "~/features/customers/components/booking-card";
import { SignInPrompt } from "~/features/customers/components/sign-in-prompt";
import { BOOKING_TEXT, SIGNED_OUT_TEXT } from "~/features/customers/customer-copy";
import { PRIVATE_HEADERS } from "~/features/customers/customer-session.server";
import type { BookingView } from "~/features/customers/my-bookings.service.server";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/bookings";

// My Bookings (docs/product/public-site.md#my-bookings, docs/decisions/0012-real-customer-data.md): the signed-in customer's own bookings,
// or one booking opened through its reference (docs/decisions/0053-guest-booking-page.md).

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "My Bookings", "See, change or cancel your cleaning bookings.");
}

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMyBookings(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitMyBookingsForm(request, context);
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title="My Bookings">
        <p>{BOOKING_TEXT.policy}</p>
      </PageIntro>
      {loaderData.view === "signed-out" ? (
        <SignInPrompt text={SIGNED_OUT_TEXT.bookings} redirectTo="/bookings" />
      ) : (
        <Container narrow className="space-y-12 py-14 sm:py-20">
          {loaderData.view === "reference" ? (
            <BookingCard
              booking={loaderData.booking}
              mode={loaderData.owned ? "owner" : "read-only"}
              earliestDate={loaderData.earliestDate}
            />
          ) : (
            <>
              <p>
                <ButtonLink to="/bookings/regular" variant="outline">
                  Regular cleans: skip, change, pause or cancel
                </ButtonLink>
              </p>
              <BookingList
                title={BOOKING_TEXT.upcoming}
                bookings={loaderData.upcoming}
                earliestDate={loaderData.earliestDate}
                empty={
                  <div className="rounded-lg border border-line bg-white p-6">
                    <p className="text-ink-soft">{BOOKING_TEXT.none}</p>
                    <ButtonLink to="/services/1" variant="outline" className="mt-4">
                      Book a clean
                    </ButtonLink>
                  </div>
                }
              />
              {loaderData.past.length > 0 && (
                <BookingList
                  title={BOOKING_TEXT.past}
                  bookings={loaderData.past}
                  earliestDate={loaderData.earliestDate}
                />
              )}
              {loaderData.cancelled.length > 0 && (
                <BookingList
                  title={BOOKING_TEXT.cancelled}
                  bookings={loaderData.cancelled}
                  earliestDate={loaderData.earliestDate}
                />
              )}
            </>
          )}
        </Container>
      )}
    </PageMain>
  );
}

function BookingList({
  title,
  bookings,
  earliestDate,
  empty,
}: {
  title: string;
  bookings: BookingView[];
  earliestDate: string;
  empty?: React.ReactNode;
}) {
  const id = `bookings-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-5 font-display text-2xl font-medium">
        {title}
      </h2>
      {bookings.length === 0 ? (
        empty
      ) : (
        <ul className="space-y-5">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} mode="owner" earliestDate={earliestDate} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
