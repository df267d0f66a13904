import { Building2, HardHat, House } from "lucide-react";
import { Container } from "~/components/ui/container";

// docs/product/public-site.md#home-page: the three-item strip.
const ITEMS = [
  { icon: House, label: "Residential Cleaning" },
  { icon: Building2, label: "Commercial Cleaning" },
  { icon: HardHat, label: "Post-Construction" },
];

export function ServiceStrip() {
  return (
    <section aria-label="What we clean" className="border-y border-line bg-ivory-deep">
      <Container>
        <ul className="grid divide-y divide-line sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          {ITEMS.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center justify-center gap-3 py-6 sm:py-8">
              <Icon aria-hidden="true" className="size-6 text-gold-deep" strokeWidth={1.25} />
              <span className="font-display text-xl font-medium sm:text-2xl">{label}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
