import { Gem, HeartHandshake, SlidersHorizontal } from "lucide-react";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";

// docs/product/public-site.md#landing-hero-and-value-cards: titles and descriptions word for word.
const VALUES = [
  {
    icon: Gem,
    title: "Meticulous Attention to Detail",
    text: "Our 5-star service is not merely a tagline, it's a commitment to perfection.",
  },
  {
    icon: SlidersHorizontal,
    title: "Tailored to Your Needs",
    text: "Just as every residence is unique, so are your preferences and requirements.",
  },
  {
    icon: HeartHandshake,
    title: "Respecting Your Space",
    text: "We treat every home with the utmost care and respect it deserves.",
  },
];

export function ValueCards() {
  return (
    <section aria-labelledby="values-title" className="py-20 sm:py-24">
      <Container>
        <h2 id="values-title" className="sr-only">
          Our promise
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-lg border border-line bg-white p-8">
              <IconBadge icon={value.icon} />
              <h3 className="mt-6 font-display text-2xl leading-snug font-medium">{value.title}</h3>
              <p className="mt-3 leading-relaxed text-ink-soft">{value.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
