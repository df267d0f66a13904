// npm run lighthouse [-- --out /tmp/lighthouse]   (run `npm run build` first; it builds nothing)
//
// The public pages' budget, checked (docs/benchmarks.md, "Public pages: Lighthouse"): the
// home page, the services list, the contact page and the quote wizard's start, three Lighthouse
// runs each with the mobile preset (a mid-range phone on simulated slow 4G) against the
// production build on a fresh demo data folder. Prints each page's median run and exits 1 when
// a median scores under 95 for performance or under 100 for accessibility, best practices or
// SEO. Not part of `npm test`: scores move with the machine's load, so run it on a quiet one.
import { parseArgs } from "node:util";
import { CATEGORIES, measurePages, printTable, type Row } from "./lighthouse-runs";

const PAGES = ["/", "/services", "/contact", "/services/1"];
const RUNS = 3;
const MINIMUM: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

const { values: args } = parseArgs({ options: { out: { type: "string" } } });
const rows = await measurePages(PAGES, RUNS, args.out);
printTable(rows);

const failures = rows.flatMap((row: Row) =>
  CATEGORIES.filter((category) => row.scores[category] < MINIMUM[category]).map(
    (category) => `${row.page}: ${category} ${row.scores[category]}, under ${MINIMUM[category]}`,
  ),
);
if (failures.length > 0) {
  console.error(`\nBelow budget:\n${failures.map((line) => `  ${line}`).join("\n")}`);
  process.exit(1);
}
console.log("\nEvery page is within budget.");
