import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router";
import { NeedsJavaScript } from "~/components/site/needs-javascript";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { applicationAction } from "~/features/applications/application-action.server";
import { APPLICATION_TEXT } from "~/features/applications/application-copy";
import { ApplicationWizard } from "~/features/applications/components/application-wizard";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/work-with-us";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    APPLICATION_TEXT.title,
    "Work with a Sydney cleaning team that values care, skill and respect. Apply online in six short steps.",
  );
}

// docs/product/back-office.md#cleaner-application-wizard: the photo as soon as it is chosen, and
// the application at the end, both posted here from our own pages only.
export async function action({ request, context }: Route.ActionArgs) {
  return applicationAction(request, context);
}

export default function WorkWithUs() {
  const navigate = useNavigate();
  return (
    <PageMain>
      <Container className="pt-8">
        <button
          type="button"
          onClick={() => void navigate(-1)}
          className="inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </button>
      </Container>
      <PageIntro eyebrow="Careers" title={APPLICATION_TEXT.title}>
        <p>
          We look for people who take pride in the details: reliable, warm and careful in other
          people&rsquo;s homes. We offer steady work, fair pay and a team that looks after its own.
        </p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        {/* The wizard needs JavaScript: without it the notice shows instead (docs/conventions.md#forms-without-javascript). */}
        <div className="js:hidden">
          <NeedsJavaScript
            message="Our online application needs JavaScript in your browser."
            missing="the application"
            byPhone="take your application over the phone"
          />
        </div>
        <div className="no-js:hidden">
          <ApplicationWizard />
        </div>
      </Container>
    </PageMain>
  );
}
