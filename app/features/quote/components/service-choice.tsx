import { ArrowRight, Building2, HardHat, House, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { IconBadge } from "~/components/ui/icon-badge";
import type { ServiceType } from "../quote.schema";

// docs/product/public-site.md#quote-start: residential, commercial or post-construction (its own form).

type Choice = { icon: LucideIcon; title: string; text: string; service?: ServiceType };

const CHOICES: Choice[] = [
  {
    icon: House,
    title: "Residential",
    text: "Apartments and houses: regular, deep and end-of-lease cleans.",
    service: "residential",
  },
  {
    icon: Building2,
    title: "Commercial",
    text: "Offices, retail, warehouses and industrial spaces, in or out of hours.",
    service: "commercial",
  },
  {
    icon: HardHat,
    title: "Post-Construction",
    text: "New builds and renovations, quoted by our team within 24 hours.",
  },
];

const ACTION =
  "mt-6 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-ink underline decoration-gold-deep/50 underline-offset-4 hover:decoration-gold-deep";

export function ServiceChoice({
  headingRef,
  onChoose,
}: {
  headingRef: React.Ref<HTMLHeadingElement>;
  onChoose: (service: ServiceType) => void;
}) {
  return (
    <section aria-labelledby="quote-step-heading">
      <h2
        id="quote-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-3xl font-medium outline-none"
      >
        Choose your service
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {CHOICES.map((choice) => (
          <li
            key={choice.title}
            className="flex flex-col rounded-lg border border-line bg-white p-8"
          >
            <IconBadge icon={choice.icon} />
            <h3 className="mt-6 font-display text-3xl font-medium">{choice.title}</h3>
            <p className="mt-3 flex-1 leading-relaxed text-ink-soft">{choice.text}</p>
            {choice.service ? (
              <button type="button" className={ACTION} onClick={() => onChoose(choice.service!)}>
                Get a {choice.title.toLowerCase()} quote
                <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.5} />
              </button>
            ) : (
              <Link to="/post-construction-form" className={ACTION}>
                Post-construction requests
                <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.5} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
