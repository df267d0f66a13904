import { Mail, Phone, type LucideIcon } from "lucide-react";
import { Container } from "~/components/ui/container";
import { buttonClasses } from "~/components/ui/button";
import { IconBadge } from "~/components/ui/icon-badge";
import { phoneHref } from "~/lib/phone";
import { OpeningHoursList } from "./opening-hours";
import { useBusinessProfile } from "./site-data";

type Props = {
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
  /** Further ways forward (links), shown after the phone and email. */
  actions?: React.ReactNode;
};

/**
 * What a page says while the feature behind it is still being built: plainly what is coming,
 * the live phone and email, and a way forward. Never a form or button that does nothing.
 */
export function ComingSoon({ icon, title, children, actions }: Props) {
  const profile = useBusinessProfile();
  return (
    <section aria-labelledby="coming-soon-title" className="py-16 sm:py-24">
      <Container narrow>
        <div className="rounded-lg border border-line bg-white p-7 sm:p-10">
          <IconBadge icon={icon} />
          <h2
            id="coming-soon-title"
            className="mt-6 font-display text-3xl leading-tight font-medium text-balance"
          >
            {title}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-ink-soft">{children}</div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <a href={phoneHref(profile.phone)} className={buttonClasses("ink")}>
              <Phone aria-hidden="true" className="size-4" strokeWidth={1.5} />
              Call {profile.phone}
            </a>
            <a href={`mailto:${profile.email}`} className={buttonClasses("outline")}>
              <Mail aria-hidden="true" className="size-4" strokeWidth={1.5} />
              Email us
            </a>
            {actions}
          </div>
          <div className="mt-8 border-t border-line pt-6 text-sm">
            <h3 className="font-semibold">Our hours</h3>
            <OpeningHoursList hours={profile.openingHours} className="mt-3" />
          </div>
        </div>
      </Container>
    </section>
  );
}
