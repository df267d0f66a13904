import { CalendarClock, CalendarX, ClipboardList, HardHat, ThumbsUp } from "lucide-react";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { PhoneLink } from "~/components/site/phone-link";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/policies";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Our Policies",
    "Our 100% satisfaction guarantee, free cancellation 24 hours or more ahead, changes up to 24 hours before, and what to expect before your clean.",
  );
}

// docs/product/public-site.md#business-constants-and-limits: the policies stated on the pages, gathered in one place.
const POLICIES = [
  {
    id: "satisfaction",
    icon: ThumbsUp,
    title: "100% satisfaction guarantee",
    text: [
      "If any part of your clean falls short, tell us within 24 hours and we will come back to make it right, at no cost to you.",
    ],
  },
  {
    id: "cancellation",
    icon: CalendarX,
    title: "Free cancellation 24 hours or more ahead",
    text: [
      "Cancel free of charge 24 hours or more before your booking, and any payment is refunded in full.",
      "Within 24 hours of your clean, please call us: your cleaner has set the time aside for you.",
    ],
  },
  {
    id: "changes",
    icon: CalendarClock,
    title: "Changes up to 24 hours before",
    text: [
      "Need a different day or time? You can move your booking up to 24 hours before your clean.",
    ],
  },
  {
    id: "cleaner-details",
    icon: ClipboardList,
    title: "Your cleaner's details within 24 hours of the clean",
    text: [
      "Within 24 hours of your clean we send you your cleaner's first name, photo and rating, so you know who is coming.",
    ],
  },
  {
    id: "post-construction",
    icon: HardHat,
    title: "A post-construction quote within 24 hours",
    text: ["Tell us about your build and we will send you a considered quote within 24 hours."],
  },
];

export default function Policies() {
  return (
    <PageMain>
      <PageIntro eyebrow="Policies" title="Our promises to you">
        <p>Clear, simple terms, so you can book with confidence.</p>
      </PageIntro>
      <Container narrow className="py-16 sm:py-20">
        <ul className="space-y-10">
          {POLICIES.map((policy) => (
            <li key={policy.id} className="flex gap-5">
              <IconBadge icon={policy.icon} />
              <section aria-labelledby={`${policy.id}-title`} className="pt-1">
                <h2 id={`${policy.id}-title`} className="font-display text-2xl font-medium">
                  {policy.title}
                </h2>
                {policy.text.map((paragraph) => (
                  <p key={paragraph} className="mt-2 leading-relaxed text-ink-soft">
                    {paragraph}
                  </p>
                ))}
              </section>
            </li>
          ))}
        </ul>
        <p className="mt-14 border-t border-line pt-8 leading-relaxed text-ink-soft">
          Questions about any of these? Call us on <PhoneLink /> and we will gladly help.
        </p>
      </Container>
    </PageMain>
  );
}
