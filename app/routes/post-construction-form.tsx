import { HardHat } from "lucide-react";
import { ComingSoon } from "~/components/site/coming-soon";
import { pageMeta } from "~/components/site/meta";
import { PageMain } from "~/components/site/page-main";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/post-construction-form";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Post-Construction Cleaning",
    "Request a quote for a post-construction clean of your house, apartment, office, retail space, warehouse or industrial site.",
  );
}

// The property form (spec public-site 2, post-construction flow) arrives in a later issue.
export default function PostConstructionForm() {
  return (
    <PageMain>
      <PageIntro eyebrow="Post-construction" title="Post-Construction Cleaning">
        <p>
          Fine dust, paint flecks and sticker residue, lifted from every surface so a new or
          renovated space is ready to use. We quote each project individually, within 24 hours.
        </p>
      </PageIntro>
      <ComingSoon icon={HardHat} title="Our online request form is on its way">
        <p>
          Until then, call or email us and tell us the property type, its size, the number of
          floors, rooms and bathrooms, and whether you need an initial clean, a final clean or both.
          We will send you a quote within 24 hours.
        </p>
      </ComingSoon>
    </PageMain>
  );
}
