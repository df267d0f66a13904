import { Link } from "react-router";
import { ChatLink } from "./chat-link";
import { phoneHref } from "~/lib/phone";
import { FOOTER_NAV, FOOTER_NAV_ID } from "./nav-links";
import type { PublicProfile } from "./site-data";

const HEADING = "text-xs font-semibold tracking-[0.2em] text-gold uppercase";
const LINK = "inline-flex min-h-11 items-center text-mist hover:text-ivory sm:min-h-9";

/** Quick links, contact details, hours, ABN and copyright (docs/product/public-site.md#site-layout). */
export function SiteFooter({
  profile,
  brand,
  year,
}: {
  profile?: PublicProfile;
  brand: string;
  year?: number;
}) {
  return (
    // The chat link floats at the bottom right (chat-link.tsx): the padding keeps the last line
    // clear of it, and of a bar fixed to the bottom of the screen when a page has one (app.css).
    <footer className="surface-ink border-t border-ivory/10 pt-16 pb-[calc(6rem+var(--bottom-bar,0px))] sm:pb-[calc(6.5rem+var(--bottom-bar,0px))]">
      <div className="mx-auto grid w-full max-w-6xl gap-12 px-5 sm:grid-cols-2 sm:px-8 lg:grid-cols-4">
        <div>
          <p className="font-display text-2xl font-medium tracking-wide">{brand}</p>
          <p className="mt-4 max-w-xs leading-relaxed text-mist">
            Residential, commercial and post-construction cleaning across Sydney, done with quiet
            care.
          </p>
        </div>

        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className={HEADING}>
            Quick links
          </h2>
          <ul id={FOOTER_NAV_ID} className="mt-4 grid grid-cols-2 gap-x-6 sm:grid-cols-1">
            {FOOTER_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={LINK}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {profile && (
          <>
            <section aria-labelledby="footer-contact-title">
              <h2 id="footer-contact-title" className={HEADING}>
                Contact
              </h2>
              <address className="mt-4 flex flex-col items-start not-italic">
                <a href={phoneHref(profile.phone)} className={LINK}>
                  {profile.phone}
                </a>
                <a href={`mailto:${profile.email}`} className={`${LINK} break-all`}>
                  {profile.email}
                </a>
                <p className="pt-2 leading-relaxed text-mist">{profile.address}</p>
              </address>
            </section>

            <section aria-labelledby="footer-hours-title">
              <h2 id="footer-hours-title" className={HEADING}>
                Business hours
              </h2>
              <dl className="mt-4 space-y-2">
                {profile.openingHours.map((row) => (
                  <div key={row.days} className="flex justify-between gap-6 text-mist">
                    <dt>{row.days}</dt>
                    <dd className="text-ivory">{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </>
        )}
      </div>

      <div className="mx-auto mt-14 w-full max-w-6xl px-5 sm:px-8">
        <div className="flex flex-col gap-2 border-t border-ivory/10 pt-6 text-sm text-mist sm:flex-row sm:justify-between">
          <p>
            &copy; {year ? `${year} ` : ""}
            {brand}. All rights reserved.
          </p>
          {profile && <p>ABN {profile.abn}</p>}
        </div>
      </div>
      {profile && <ChatLink whatsappNumber={profile.whatsappNumber} phone={profile.phone} />}
    </footer>
  );
}
