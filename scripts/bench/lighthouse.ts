// npm run lighthouse [-- --out /tmp/lighthouse] [-- --cleaner]   (run `npm run build` first)
//
// The public pages' budget, checked (docs/benchmarks.md, "Public pages: Lighthouse"): the
// home page, the services list, the contact page and the quote wizard's start, three Lighthouse
// runs each with the mobile preset (a mid-range phone on simulated slow 4G) against the
// production build on a fresh demo data folder. Prints each page's median run and exits 1 when
// a median scores under 95 for performance or under 100 for accessibility, best practices or
// SEO. Not part of `npm test`: scores move with the machine's load, so run it on a quiet one.
//
// --cleaner: the cleaner's Today screen instead (docs/benchmarks.md, "The cleaner's app:
// Lighthouse"), signed in as the demo cleaner, with Chromium's installability check; SEO is not
// budgeted there, since the app's pages are deliberately never indexed.
import os from "node:os";
import { parseArgs } from "node:util";
import { signInDemoCleaner } from "./cleaner-sign-in";
import { CATEGORIES, measurePages, printTable, type Row } from "./lighthouse-runs";

const RUNS = 3;
const MINIMUM: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

const { values: args } = parseArgs({
  options: { out: { type: "string" }, cleaner: { type: "boolean", default: false } },
});
const pages = args.cleaner ? ["/cleaner"] : ["/", "/services", "/contact", "/services/1"];
const budgeted = CATEGORIES.filter((category) => !(args.cleaner && category === "seo"));
const failures: string[] = [];
const rows = await measurePages(pages, RUNS, args.out, async (browser) => {
  if (!args.cleaner) return;
  const { installable, errors } = await signInDemoCleaner(browser);
  console.log(`installable: ${installable ? "yes" : `no (${JSON.stringify(errors)})`}`);
  if (!installable) failures.push("/cleaner: not installable");
});
printTable(rows);
console.log(
  `load average (1, 5, 15 min): ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}`,
);

failures.push(
  ...rows.flatMap((row: Row) =>
    budgeted
      .filter((category) => row.scores[category] < MINIMUM[category])
      .map(
        (category) =>
          `${row.page}: ${category} ${row.scores[category]}, under ${MINIMUM[category]}`,
      ),
  ),
);
if (failures.length > 0) {
  console.error(`\nBelow budget:\n${failures.map((line) => `  ${line}`).join("\n")}`);
  process.exit(1);
}
console.log("\nEvery page is within budget.");
