import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { PlanCards, SUBSCRIBE_SECTION_ID } from "~/features/subscription/components/plan-cards";
import { PLANS } from "~/features/subscription/components/plans";
import { PlanTerms } from "~/features/recurring/components/plan-terms";
import { RewardsTable } from "~/features/subscription/components/rewards-table";
import { SubscriptionForm } from "~/features/subscription/components/subscription-form";
import { TrustSignals } from "~/components/site/trust-signals";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { SectionHeading } from "~/components/ui/section-heading";
import { loadRewardsPanel } from "~/features/customers/account-pages.server";
import { RewardsStatusPanel } from "~/features/customers/components/rewards-status-panel";
import { PRIVATE_HEADERS } from "~/features/customers/customer-session.server";
import { isPlanId } from "~/features/subscription/subscription.schema";
import { submitSubscriptionRequest } from "~/features/subscription/subscription-action.server";
import { data } from "react-router";
import type { Route } from "./+types/subscription";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Subscription Plans",
    "Regular cleaning on a monthly plan: Basic $149, Premium $249 and Business $599 per month, GST included, with rewards that grow as you go.",
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const plan = new URL(request.url).searchParams.get("plan");
  // A signed-in customer's points make the page theirs: private then, never in a shared cache.
  const { rewards, personal } = await loadRewardsPanel(request, context);
  return data(
    { plan: isPlanId(plan) ? plan : null, rewards },
    personal ? { headers: PRIVATE_HEADERS } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitSubscriptionRequest(request, context);
}

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Subscription" title="A spotless space, every month">
        <p>
          Choose a plan and we will keep your home or office looking its best on a regular schedule.
          All prices are in Australian dollars and include GST.
        </p>
      </PageIntro>

      <section aria-labelledby="plans-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="plans-title" className="sr-only">
            Plans
          </h2>
          <PlanCards />
          <ul className="mx-auto mt-10 grid max-w-4xl gap-3 text-center text-sm text-ink-soft sm:grid-cols-3">
            <li>100% satisfaction guarantee</li>
            <li>Free cancellation 24 hours or more ahead</li>
            <li>Changes up to 24 hours before your clean</li>
          </ul>
          <PlanTerms plans={PLANS} />
        </Container>
      </section>

      <section
        id={SUBSCRIBE_SECTION_ID}
        aria-labelledby="subscribe-title"
        className="scroll-mt-24 border-t border-line py-16 sm:py-20"
      >
        <Container narrow>
          <SectionHeading
            id="subscribe-title"
            eyebrow="Subscribe"
            title="Start your plan"
            intro="Choose your first clean's day, time and address: we book it and every visit after it. For Business, we call you to arrange keys and hours first."
          />
          <div className="mt-2 rounded-lg border border-line bg-white p-6 sm:p-8">
            <SubscriptionForm plan={loaderData.plan} result={actionData} />
          </div>
        </Container>
      </section>

      <section
        id="rewards"
        aria-labelledby="rewards-title"
        className="scroll-mt-24 border-y border-line bg-ivory-deep py-16 sm:py-20"
      >
        <Container narrow>
          <SectionHeading
            id="rewards-title"
            eyebrow="Rewards"
            title="Rewards that grow with you"
            intro="Earn 1 point for every dollar you pay. As your points add up, your discount on every clean grows."
          />
          <div className="mt-10">
            {loaderData.rewards && <RewardsStatusPanel rewards={loaderData.rewards} />}
            <RewardsTable />
          </div>
          {!loaderData.rewards && <RewardsStatusPanel rewards={null} />}
        </Container>
      </section>

      <section aria-labelledby="trust-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="trust-title" className="sr-only">
            Our guarantees
          </h2>
          <TrustSignals />
        </Container>
      </section>
    </PageMain>
  );
}
