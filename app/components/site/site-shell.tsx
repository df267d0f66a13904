import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import type { SiteData } from "./site-data";

/**
 * The frame of every public page: skip link, fixed header, the page, and the footer (which
 * carries the floating chat link, so it sits inside a landmark).
 * `data` is missing only when the layout's own loader failed; the frame then shows no contact
 * details rather than possibly stale ones. `brand` is the business name the route chose (the
 * profile's, or the default one when the profile could not be read).
 */
export function SiteShell({
  data,
  brand,
  children,
}: {
  data?: SiteData;
  brand: string;
  children: React.ReactNode;
}) {
  const profile = data?.profile;
  return (
    <>
      <a
        href="#main"
        className="surface-ink sr-only z-50 rounded-md px-4 py-3 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader profile={profile} brand={brand} />
      {/* The header is fixed: this offset keeps it from covering the top of every page. */}
      <div className="pt-16 lg:pt-20">{children}</div>
      <SiteFooter profile={profile} brand={brand} year={data?.year} />
    </>
  );
}
