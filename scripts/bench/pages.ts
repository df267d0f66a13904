// npm run bench:pages [-- --runs 1] [--pages /,/about] [--out /tmp/lighthouse] [--weights]
//
// Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on the public pages of the
// production build (lighthouse-runs.ts starts it). Prints each category's score plus LCP, CLS,
// TBT and the JavaScript transferred; with --runs N it reports the median run of each page.
// Run `npm run build` first. `npm run lighthouse` is the same measurement as a pass/fail check.
// --weights: no Lighthouse; each page's scripts and their brotli sizes, from the build
// (page-weights.ts), for the pages given or the four the budget covers.
import { parseArgs } from "node:util";
import { measurePages, printTable } from "./lighthouse-runs";
import { printPageWeights, weighPages } from "./page-weights";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    pages: { type: "string" },
    // A folder to keep each run's full Lighthouse report (JSON) in, to read the failing audits.
    out: { type: "string" },
    weights: { type: "boolean", default: false },
  },
});

const defaultPages = args.weights
  ? "/,/services,/contact,/services/1"
  : "/,/services,/about,/contact,/subscription";
const pages = (args.pages ?? defaultPages).split(",").filter(Boolean);
if (args.weights) printPageWeights(weighPages(pages));
else printTable(await measurePages(pages, Number(args.runs), args.out));
