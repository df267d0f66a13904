import { Crown, House, KeyRound } from "lucide-react";
import { CheckList } from "~/components/ui/check-list";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { SectionHeading } from "~/components/ui/section-heading";

// docs/product/public-site.md#services-page: the three offerings (their copy is ours).
const OFFERINGS = [
  {
    icon: House,
    title: "Residential Excellence",
    text: "Weekly, fortnightly or one-off cleans for apartments and houses, carried out to a hotel standard.",
    features: [
      "Kitchens, bathrooms and living areas in detail",
      "Bedrooms refreshed, linen changed on request",
      "End-of-lease and spring cleans",
      "Eco-friendly products on request",
    ],
  },
  {
    icon: KeyRound,
    title: "Premium Property Care",
    text: "For offices, retail spaces and newly finished builds that must look their best every day.",
    features: [
      "Commercial cleaning before or after hours",
      "Post-construction cleans, initial and final",
      "Secure key and alarm handling",
      "Regular schedules that suit your trading hours",
    ],
  },
  {
    icon: Crown,
    title: "Luxury Concierge",
    text: "Housekeeping and organising for homes that deserve a standing arrangement and a familiar face.",
    features: [
      "Housekeeping to your household's routine",
      "Wardrobes, pantries and studies organised",
      "Preparation before guests arrive or after they leave",
      "One point of contact for every request",
    ],
  },
];

export function Offerings() {
  return (
    <section aria-labelledby="offerings-title" className="py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="offerings-title"
          eyebrow="Our offerings"
          title="Three ways we care for your space"
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {OFFERINGS.map((offering) => (
            <li
              key={offering.title}
              className="flex flex-col rounded-lg border border-line bg-white p-8"
            >
              <IconBadge icon={offering.icon} />
              <h3 className="mt-6 font-display text-[1.75rem] leading-tight font-medium">
                {offering.title}
              </h3>
              <p className="mt-3 leading-relaxed text-ink-soft">{offering.text}</p>
              <CheckList
                items={offering.features}
                className="mt-6 border-t border-line pt-6 text-ink-soft"
              />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
