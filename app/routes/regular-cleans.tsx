import { data } from "react-router";
import { Container } from "~/components/ui/container";
import { PageMain } from "~/components/site/page-main";
import { PageIntro } from "~/components/ui/page-intro";
import { earliestBookingDate } from "~/features/bookings/booking-rules";
import { SignInPrompt } from "~/features/customers/components/sign-in-prompt";
import {
  findSignedInCustomer,
  PRIVATE_HEADERS,
} from "~/features/customers/customer-session.server";
import { SeriesCard } from "~/features/recurring/components/series-card";
import { seriesAnswerData, submitSeriesChange } from "~/features/recurring/my-series-action.server";
import { listCustomerSeries } from "~/features/recurring/series.service.server";
import { pageMeta } from "~/features/seo/page-meta";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/regular-cleans";

// The signed-in customer's regular cleans (docs/decisions/0073-series-occurrences-are-bookings.md):
// skip a visit, change all future ones, pause or cancel. Moving one visit is My Bookings' own
// Reschedule, since every visit is a booking there.

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Regular Cleans", "Skip, change, pause or cancel your regular cleans.");
}

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await findSignedInCustomer(request, context);
  const now = new Date();
  const series = customer ? await listCustomerSeries(context.db, customer.id, now) : null;
  return data({ series, earliestDate: earliestBookingDate(now) }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const customer = await findSignedInCustomer(request, context);
  if (!customer) throw data({ error: "Sign in to continue." }, { status: 401 });
  const answer = await submitSeriesChange(
    context.db,
    { kind: "customer", customerId: customer.id },
    form,
    { publicUrl: context.config.publicUrl },
  );
  return seriesAnswerData(answer, PRIVATE_HEADERS);
}

export default function RegularCleans({ loaderData, actionData }: Route.ComponentProps) {
  const { series, earliestDate } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title="Regular cleans">
        <p>
          Skip a visit, change every visit from a date, pause until a date, or cancel. Visits can be
          changed free of charge up to 24 hours before the clean.
        </p>
      </PageIntro>
      {series === null ? (
        <SignInPrompt text="Sign in to see your regular cleans." redirectTo="/bookings/regular" />
      ) : (
        <Container narrow className="space-y-6 py-14 sm:py-20">
          {series.length === 0 ? (
            <p className="text-ink-soft">
              You have no regular cleans yet. Choose weekly, fortnightly or every 4 weeks when you
              book a clean.
            </p>
          ) : (
            series.map((one) => (
              <SeriesCard
                key={one.id}
                series={one}
                earliestDate={earliestDate}
                answer={actionData}
              />
            ))
          )}
        </Container>
      )}
    </PageMain>
  );
}
