import type { OpeningHours } from "~/features/settings/business-profile";
import { openingHoursRows, type WeeklyHours } from "~/features/settings/opening-hours";

// schema.org data for search engines: the business as a HouseCleaning LocalBusiness in Sydney,
// built from the live business profile and the real reviews (never invented figures).

const DAYS: Record<string, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};
const ORDER = Object.keys(DAYS);

export type OpeningHoursSpecification = {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
};

/** "Mon-Fri" -> Monday..Friday; "Sat" -> Saturday; unknown text -> []. */
export function parseDays(text: string) {
  const [from, to] = text
    .toLowerCase()
    .split(/\s*(?:-|–|to)\s*/)
    .map((part) => part.trim().slice(0, 3));
  const start = ORDER.indexOf(from ?? "");
  if (start < 0) return [];
  if (!to) return [DAYS[ORDER[start]!]!];
  const end = ORDER.indexOf(to);
  if (end < start) return [];
  return ORDER.slice(start, end + 1).map((day) => DAYS[day]!);
}

/** "7am" -> "07:00", "5:30pm" -> "17:30", "12pm" -> "12:00"; null when unreadable. */
export function parseTime(text: string) {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/i.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]) % 12;
  if (match[3]!.toLowerCase() === "pm") hours += 12;
  return `${String(hours).padStart(2, "0")}:${match[2] ?? "00"}`;
}

/** The profile's hours as schema.org specifications; closed days and unreadable rows are left out. */
export function openingHoursSpecification(hours: OpeningHours): OpeningHoursSpecification[] {
  return hours.flatMap((row) => {
    const days = parseDays(row.days);
    const [opensText, closesText] = row.hours.split(/\s*(?:-|–|to)\s*/);
    const opens = opensText ? parseTime(opensText) : null;
    const closes = closesText ? parseTime(closesText) : null;
    if (days.length === 0 || !opens || !closes) return [];
    return [{ "@type": "OpeningHoursSpecification" as const, dayOfWeek: days, opens, closes }];
  });
}

/** "Level 3, 88 George Street, The Rocks NSW 2000" -> a PostalAddress. */
export function postalAddress(address: string) {
  const match = /^(.*),\s*([^,]+?)\s+(NSW|ACT|VIC|QLD|SA|WA|TAS|NT)\s+(\d{4})$/i.exec(
    address.trim(),
  );
  if (!match) return { "@type": "PostalAddress", streetAddress: address, addressCountry: "AU" };
  return {
    "@type": "PostalAddress",
    streetAddress: match[1],
    addressLocality: match[2],
    addressRegion: match[3]!.toUpperCase(),
    postalCode: match[4],
    addressCountry: "AU",
  };
}

export type BusinessFacts = {
  name: string;
  phone: string;
  email: string;
  address: string;
  weeklyHours: WeeklyHours;
};

/** The home page's JSON-LD: the business, its hours and, when there are reviews, its rating. */
export function localBusinessJsonLd(
  profile: BusinessFacts,
  publicUrl: string,
  rating: { average: number | null; count: number },
) {
  return {
    "@context": "https://schema.org",
    "@type": "HouseCleaning",
    "@id": `${publicUrl}/#business`,
    name: profile.name,
    url: `${publicUrl}/`,
    telephone: profile.phone,
    email: profile.email,
    address: postalAddress(profile.address),
    areaServed: { "@type": "City", name: "Sydney" },
    priceRange: "$$$",
    openingHoursSpecification: openingHoursSpecification(openingHoursRows(profile.weeklyHours)),
    ...(rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Math.round(rating.average * 10) / 10,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
