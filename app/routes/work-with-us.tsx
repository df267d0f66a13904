import { BriefcaseBusiness } from "lucide-react";
import { ComingSoon } from "~/components/site/coming-soon";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { EmailLink } from "~/components/site/phone-link";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/work-with-us";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Join Our Team",
    "Work with a Sydney cleaning team that values care, skill and respect. How to apply.",
  );
}

export default function WorkWithUs() {
  return (
    <PageMain>
      <PageIntro eyebrow="Careers" title="Join Our Team">
        <p>
          We look for people who take pride in the details: reliable, warm and careful in other
          people&rsquo;s homes. We offer steady work, fair pay and a team that looks after its own.
        </p>
      </PageIntro>
      <ComingSoon icon={BriefcaseBusiness} title="Our online application is on its way">
        <p>
          Soon you will be able to apply here in a few short steps. Until then, email us at{" "}
          <EmailLink /> with your name, your suburb, the days you can work and a little about your
          cleaning experience, and we will be in touch.
        </p>
      </ComingSoon>
    </PageMain>
  );
}
