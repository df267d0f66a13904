import { CalendarCheck, ShieldCheck, ThumbsUp } from "lucide-react";
import { IconBadge } from "~/components/ui/icon-badge";

// docs/brand.md#trust-signals; docs/product/public-site.md#business-constants-and-limits policies: 100% satisfaction guarantee and free
// cancellation 24 hours or more ahead.
const SIGNALS = [
  {
    icon: ThumbsUp,
    title: "100% satisfaction guarantee",
    text: "If anything falls short, tell us and we will come back to make it right.",
  },
  {
    icon: CalendarCheck,
    title: "Free cancellation",
    text: "Cancel free of charge 24 hours or more ahead. Plans change; we understand.",
  },
  {
    icon: ShieldCheck,
    title: "Insured and police-checked",
    text: "Every cleaner is fully insured and police-checked before they enter your home.",
  },
];

/** The three reassurances shown where a customer may hesitate. */
export function TrustSignals() {
  return (
    <ul className="grid gap-8 md:grid-cols-3">
      {SIGNALS.map((signal) => (
        <li key={signal.title} className="flex gap-4">
          <IconBadge icon={signal.icon} />
          <div>
            <h3 className="font-semibold">{signal.title}</h3>
            <p className="mt-1.5 leading-relaxed text-ink-soft">{signal.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The reassurances closing a quote or request page, under a rule, named for screen readers. */
export function GuaranteesSection() {
  return (
    <section aria-labelledby="trust-title" className="mt-16 border-t border-line pt-12">
      <h2 id="trust-title" className="sr-only">
        Our guarantees
      </h2>
      <TrustSignals />
    </section>
  );
}
