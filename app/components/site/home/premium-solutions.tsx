import { Boxes, Building2, HardHat, House, KeyRound, Sparkles } from "lucide-react";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { SectionHeading } from "~/components/ui/section-heading";

// docs/product/public-site.md#audience-and-business-hours: the services the business offers; the spec leaves this list's copy to us.
const SERVICES = [
  {
    icon: House,
    title: "Residential Cleaning",
    text: "Regular and one-off cleans for apartments and houses, from the entry to the ensuite.",
  },
  {
    icon: Building2,
    title: "Commercial Cleaning",
    text: "Offices, retail and showrooms kept immaculate, before hours or after close.",
  },
  {
    icon: HardHat,
    title: "Post-Construction Cleaning",
    text: "Builders' dust and residue lifted from every surface, so a new space is ready to live in.",
  },
  {
    icon: Boxes,
    title: "Organising",
    text: "Wardrobes, pantries and studies arranged with care, in a way that is easy to keep.",
  },
  {
    icon: Sparkles,
    title: "Housekeeping",
    text: "Beds made, linen changed and the small things noticed, week after week.",
  },
  {
    icon: KeyRound,
    title: "End-of-Lease Cleaning",
    text: "A thorough, inspection-ready clean that leaves the keys handover calm.",
  },
];

export function PremiumSolutions() {
  return (
    <section aria-labelledby="solutions-title" className="below-the-fold py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="solutions-title"
          eyebrow="What we do"
          title="Premium Solutions"
          intro="Every service is carried out by our own trained team, with premium products and a checklist shaped around your space."
        />
        <ul className="mt-14 grid gap-x-10 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((service) => (
            <li key={service.title} className="flex gap-5">
              <IconBadge icon={service.icon} />
              <div>
                <h3 className="text-lg font-semibold">{service.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{service.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-14 text-center">
          <ButtonLink to="/services" variant="outline">
            Explore our services
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
