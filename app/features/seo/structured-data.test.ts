import { expect, test } from "vitest";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import { openingHoursRows } from "~/features/settings/opening-hours";
import { robotsTxt, sitemapXml } from "./sitemap";
import { localBusinessJsonLd, openingHoursSpecification, postalAddress } from "./structured-data";

test("the business hours become schema.org opening hours, Sunday closed left out", () => {
  expect(openingHoursSpecification(openingHoursRows(DEFAULT_BUSINESS_PROFILE.weeklyHours))).toEqual(
    [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "07:00",
        closes: "18:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Saturday"],
        opens: "08:00",
        closes: "16:00",
      },
    ],
  );
});

test("a Sydney address is split into its parts; an unusual one is kept whole", () => {
  expect(postalAddress("Level 3, 88 George Street, The Rocks NSW 2000")).toEqual({
    "@type": "PostalAddress",
    streetAddress: "Level 3, 88 George Street",
    addressLocality: "The Rocks",
    addressRegion: "NSW",
    postalCode: "2000",
    addressCountry: "AU",
  });
  expect(postalAddress("By appointment")).toEqual({
    "@type": "PostalAddress",
    streetAddress: "By appointment",
    addressCountry: "AU",
  });
});

test("the rating appears only when there are real reviews", () => {
  const url = "https://example.com.au";
  const none = localBusinessJsonLd(DEFAULT_BUSINESS_PROFILE, url, { average: null, count: 0 });
  expect(none).not.toHaveProperty("aggregateRating");
  const some = localBusinessJsonLd(DEFAULT_BUSINESS_PROFILE, url, { average: 4.6666, count: 3 });
  expect(some).toMatchObject({
    "@type": "HouseCleaning",
    telephone: DEFAULT_BUSINESS_PROFILE.phone,
    aggregateRating: { ratingValue: 4.7, reviewCount: 3 },
  });
});

test("the sitemap lists full addresses and robots.txt keeps crawlers out of the admin", () => {
  const xml = sitemapXml("https://example.com.au", [
    { path: "/" },
    { path: "/provider/abc", updatedAt: "2026-11-20T23:15:00.000Z" },
  ]);
  expect(xml).toContain("<loc>https://example.com.au/</loc>");
  expect(xml).toContain(
    "<url><loc>https://example.com.au/provider/abc</loc><lastmod>2026-11-20</lastmod></url>",
  );
  const robots = robotsTxt("https://example.com.au");
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Sitemap: https://example.com.au/sitemap.xml");
});
