import { Phone, UserRound } from "lucide-react";
import { Link, NavLink } from "react-router";
import { phoneHref } from "~/lib/phone";
import { buttonClasses } from "~/components/ui/button";
import { MobileMenu } from "./mobile-menu";
import { ACCOUNT, BOOK_NOW, MAIN_NAV } from "./nav-links";
import type { PublicProfile } from "./site-data";

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center border-b py-2 text-[0.95rem] motion-safe:transition-colors ${
    isActive ? "border-gold text-ivory" : "border-transparent text-mist hover:text-ivory"
  }`;

/**
 * The fixed ink header (docs/product/public-site.md#site-layout). Without a profile (the layout's loader
 * failed) it still offers the way home, but no contact details it cannot vouch for.
 */
export function SiteHeader({ profile, brand }: { profile?: PublicProfile; brand: string }) {
  return (
    <header className="surface-ink fixed inset-x-0 top-[var(--demo-ribbon,0px)] z-40 border-b border-ivory/10">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-5 sm:px-8 lg:h-20">
        <Link
          to="/"
          className="block min-w-0 truncate py-3 font-display text-xl leading-none font-medium tracking-wide sm:text-2xl"
        >
          {brand}
        </Link>

        <div className="hidden items-center gap-8 lg:flex">
          <nav aria-label="Main">
            <ul className="flex items-center gap-7">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClasses}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {profile && (
            <a
              href={phoneHref(profile.phone)}
              className="inline-flex min-h-11 items-center gap-2 text-[0.95rem] text-ivory hover:text-gold"
            >
              <Phone aria-hidden="true" className="size-4 text-gold" strokeWidth={1.5} />
              {profile.phone}
            </a>
          )}
          <Link
            to={ACCOUNT.to}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-mist hover:text-ivory"
          >
            <UserRound aria-hidden="true" className="size-5" strokeWidth={1.5} />
            <span className="sr-only">{ACCOUNT.label}</span>
          </Link>
          <Link to={BOOK_NOW.to} className={buttonClasses("gold", "px-5")}>
            {BOOK_NOW.label}
          </Link>
        </div>

        <div className="flex items-center gap-1 lg:hidden">
          {profile && (
            // docs/product/public-site.md#audience-and-business-hours: the phone number is always visible, on phones too.
            <a
              href={phoneHref(profile.phone)}
              className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md text-ivory hover:text-gold sm:px-2"
            >
              <Phone aria-hidden="true" className="size-5 text-gold" strokeWidth={1.5} />
              <span className="sr-only sm:not-sr-only">
                <span className="sm:hidden">Call </span>
                {profile.phone}
              </span>
            </a>
          )}
          <MobileMenu phone={profile?.phone} />
        </div>
      </div>
    </header>
  );
}
