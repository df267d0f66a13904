// npm run bench:pages [-- --runs 1] [--pages /,/about] [--out /tmp/lighthouse]
//
// Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on the public pages of the
// production build (lighthouse-runs.ts starts it). Prints each category's score plus LCP, CLS,
// TBT and the JavaScript transferred; with --runs N it reports the median run of each page.
// Run `npm run build` first. `npm run lighthouse` is the same measurement as a pass/fail check.
import { parseArgs } from "node:util";
import { measurePages, printTable } from "./lighthouse-runs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    pages: { type: "string", default: "/,/services,/about,/contact,/subscription" },
    // A folder to keep each run's full Lighthouse report (JSON) in, to read the failing audits.
    out: { type: "string" },
  },
});

printTable(await measurePages(args.pages.split(",").filter(Boolean), Number(args.runs), args.out));
