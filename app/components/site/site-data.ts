import { useRouteLoaderData } from "react-router";

/** The route id of app/routes/site-layout.tsx, whose loader every public page reads. */
export const SITE_LAYOUT_ID = "routes/site-layout";

/**
 * The business profile as a visitor may see it (settings' toPublicProfile makes it): pay rates
 * and slot capacity stay on the server. Declared here, so the shared site components get the
 * profile as data and import no feature.
 */
export type PublicProfile = {
  name: string;
  phone: string;
  email: string;
  address: string;
  abn: string;
  openingHours: Array<{ days: string; hours: string }>;
  /** The WhatsApp (mobile) number, or "" when the business has none */
  whatsappNumber: string;
  hourlyRateCents: number;
};

export type SiteData = {
  profile: PublicProfile;
  year: number;
  /** PUBLIC_URL without a trailing slash, for canonical and Open Graph addresses. */
  publicUrl?: string;
  /** The analytics tag staff set (docs/decisions/0016-analytics-only-when-configured.md); the head loads its script only then */
  analyticsTagId?: string | null;
};

/** The year in Sydney, for the copyright line (computed on the server, so hydration agrees). */
export function sydneyYear(now = new Date()) {
  return Number(
    new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Sydney", year: "numeric" }).format(now),
  );
}

/** The layout's data, or undefined when the layout's own loader failed (the error page then). */
export function useSiteData() {
  return useRouteLoaderData(SITE_LAYOUT_ID) as SiteData | undefined;
}

/** The live business profile, for pages inside the site layout (whose loader always ran). */
export function useBusinessProfile(): PublicProfile {
  const data = useSiteData();
  if (!data) throw new Error("useBusinessProfile is only for pages inside the site layout");
  return data.profile;
}
