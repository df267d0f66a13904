import { pageMeta } from "~/components/site/meta";
import { PageMain } from "~/components/site/page-main";
import { PlanCards } from "~/components/site/subscription/plan-cards";
import { RewardsTable } from "~/components/site/subscription/rewards-table";
import { TrustSignals } from "~/components/site/trust-signals";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { SectionHeading } from "~/components/ui/section-heading";
import type { Route } from "./+types/subscription";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Subscription Plans",
    "Regular cleaning on a monthly plan: Basic $149, Premium $249 and Business $599 per month, GST included, with rewards that grow as you go.",
  );
}

export default function Subscription() {
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
          <p className="mt-8 text-center text-sm text-muted">
            Online subscription is on its way. Until then, call us and we will set up your plan over
            the phone.
          </p>
        </Container>
      </section>

      <section
        aria-labelledby="rewards-title"
        className="border-y border-line bg-ivory-deep py-16 sm:py-20"
      >
        <Container narrow>
          <SectionHeading
            id="rewards-title"
            eyebrow="Rewards"
            title="Rewards that grow with you"
            intro="Earn 1 point for every dollar you pay. As your points add up, your discount on every clean grows."
          />
          <div className="mt-10">
            <RewardsTable />
          </div>
          <p className="mt-6 text-center text-sm text-muted">
            Your own points balance will appear here once customer sign-in opens.
          </p>
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
