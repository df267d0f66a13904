import { ArrowRight, Building2, HardHat, House, Phone, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { IconBadge } from "~/components/ui/icon-badge";
import { phoneHref } from "~/features/settings/business-profile";
import { useBusinessProfile } from "../site-data";

type Choice = { icon: LucideIcon; title: string; text: string; to?: string };

// spec public-site 2, quote start: residential, commercial or post-construction.
const CHOICES: Choice[] = [
  {
    icon: House,
    title: "Residential",
    text: "Apartments and houses: regular, deep and end-of-lease cleans.",
  },
  {
    icon: Building2,
    title: "Commercial",
    text: "Offices, retail, warehouses and industrial spaces, in or out of hours.",
  },
  {
    icon: HardHat,
    title: "Post-Construction",
    text: "New builds and renovations, quoted by our team within 24 hours.",
    to: "/post-construction-form",
  },
];

const ACTION =
  "mt-6 inline-flex min-h-11 items-center gap-2 font-semibold text-ink underline decoration-gold-deep/50 underline-offset-4 hover:decoration-gold-deep";

/**
 * The three service types. Residential and commercial open the quote wizard in a later issue;
 * until then their action is a call. Post-construction already has its own page.
 */
export function ServiceChoices() {
  const { phone } = useBusinessProfile();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {CHOICES.map((choice) => (
        <li key={choice.title} className="flex flex-col rounded-lg border border-line bg-white p-8">
          <IconBadge icon={choice.icon} />
          <h2 className="mt-6 font-display text-3xl font-medium">{choice.title}</h2>
          <p className="mt-3 flex-1 leading-relaxed text-ink-soft">{choice.text}</p>
          {choice.to ? (
            <Link to={choice.to} className={ACTION}>
              Post-construction requests
              <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.5} />
            </Link>
          ) : (
            <a href={phoneHref(phone)} className={ACTION}>
              <Phone aria-hidden="true" className="size-4" strokeWidth={1.5} />
              Call for a {choice.title.toLowerCase()} quote
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
