import { Gem, HandHeart, Medal, UserCheck } from "lucide-react";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { SectionHeading } from "~/components/ui/section-heading";

// docs/product/public-site.md#about-page: the four values.
const VALUES = [
  {
    icon: Medal,
    title: "Excellence",
    text: "We hold every clean to the standard of a five-star hotel, and check our own work before we leave.",
  },
  {
    icon: UserCheck,
    title: "Professionalism",
    text: "Punctual, discreet and courteous. Our cleaners are trained, insured and police-checked.",
  },
  {
    icon: Gem,
    title: "Quality",
    text: "Premium products and proper equipment, chosen for each surface and used with skill.",
  },
  {
    icon: HandHeart,
    title: "Care",
    text: "We look after your home and belongings as if they were our own, and listen to how you like things done.",
  },
];

export function Values() {
  return (
    <section
      aria-labelledby="values-title"
      className="border-y border-line bg-ivory-deep py-20 sm:py-24"
    >
      <Container>
        <SectionHeading id="values-title" eyebrow="Our values" title="What we stand for" />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value.title} className="flex gap-5 rounded-lg border border-line bg-white p-7">
              <IconBadge icon={value.icon} />
              <div>
                <h3 className="font-display text-2xl font-medium">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
