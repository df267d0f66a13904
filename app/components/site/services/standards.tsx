import { Award, BadgeCheck, Clock, Leaf } from "lucide-react";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { SectionHeading } from "~/components/ui/section-heading";

// docs/product/public-site.md#services-page: the four standards.
const STANDARDS = [
  {
    icon: Award,
    title: "Guaranteed Quality",
    text: "Every clean is backed by our 100% satisfaction guarantee.",
  },
  {
    icon: Clock,
    title: "Timely Service",
    text: "We arrive when we say we will, and finish when we said we would.",
  },
  {
    icon: Leaf,
    title: "Premium Products",
    text: "Professional-grade products chosen for each surface, with eco-friendly options.",
  },
  {
    icon: BadgeCheck,
    title: "Certified Teams",
    text: "Trained, insured and police-checked cleaners, every one of them.",
  },
];

export function Standards() {
  return (
    <section
      aria-labelledby="standards-title"
      className="border-y border-line bg-ivory-deep py-20 sm:py-24"
    >
      <Container>
        <SectionHeading
          id="standards-title"
          eyebrow="Our standards"
          title="The promise behind every visit"
        />
        <ul className="mt-14 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          {STANDARDS.map((standard) => (
            <li key={standard.title} className="text-center">
              <IconBadge icon={standard.icon} />
              <h3 className="mt-5 text-lg font-semibold">{standard.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{standard.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
