// What each public page downloads as JavaScript before anyone touches it, from the build alone
// (docs/benchmarks.md, "Public pages: Lighthouse"): React Router's manifest names the entry, each
// route's module and their static imports; every file is weighed as the server sends it, the
// brotli copy scripts/precompress-assets.mjs writes. Code loaded on demand (a dynamic import)
// is not counted, as Lighthouse does not count it when nobody interacts. Deterministic: the
// figures move with the code, never with the machine's load.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../../tests/helpers/built-server";

/** The route ids React Router matches for each measured page, outermost first. */
export const PAGE_ROUTES: Record<string, string[]> = {
  "/": ["root", "routes/site-layout", "routes/home"],
  "/services": ["root", "routes/site-layout", "routes/services"],
  "/about": ["root", "routes/site-layout", "routes/about"],
  "/contact": ["root", "routes/site-layout", "routes/contact"],
  "/subscription": ["root", "routes/site-layout", "routes/subscription"],
  "/services/1": ["root", "routes/site-layout", "routes/quote-start"],
};

/**
 * Lighthouse counts each response's headers too: about 1.2 kB a script here, most of it the
 * page policies every response carries (measured from Lighthouse's reports, 26 Nov 2026).
 */
const HEADER_BYTES = 1200;

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

const assets = path.join(projectRoot, "build", "client", "assets");
const brotli = path.join(projectRoot, "build", "brotli", "assets");

function readManifest(): { file: string; manifest: Manifest } {
  const file = readdirSync(assets).find((name) => /^manifest-[0-9a-f]{8}\.js$/.test(name));
  if (!file)
    throw new Error("no React Router manifest in build/client/assets: run `npm run build`");
  const source = readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return { file: `/assets/${file}`, manifest: JSON.parse(json) as Manifest };
}

/** The bytes the server sends for a file: its brotli copy, or the file when none was worth it. */
function sentBytes(url: string) {
  const name = path.basename(url);
  try {
    return statSync(path.join(brotli, `${name}.br`)).size;
  } catch {
    return statSync(path.join(assets, name)).size;
  }
}

export type PageWeight = { page: string; files: { url: string; bytes: number }[]; total: number };

/** The scripts a page loads on arrival (manifest, entry, route modules and imports) and their sizes. */
export function weighPages(pages: string[]): PageWeight[] {
  const { file, manifest } = readManifest();
  return pages.map((page) => {
    const routes = PAGE_ROUTES[page];
    if (!routes) throw new Error(`no route list for ${page} in scripts/bench/page-weights.ts`);
    const urls = new Set([file, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const id of routes) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route ${id} is not in the manifest`);
      for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
    }
    const files = [...urls]
      .map((url) => ({ url, bytes: sentBytes(url) }))
      .sort((a, b) => b.bytes - a.bytes);
    return { page, files, total: files.reduce((sum, f) => sum + f.bytes, 0) };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function printPageWeights(weights: PageWeight[]) {
  for (const { page, files, total } of weights) {
    console.log(`\n${page}: ${files.length} scripts, ${kib(total)} brotli`);
    for (const f of files) console.log(`  ${kib(f.bytes).padStart(10)}  ${f.url}`);
  }
  console.log("\n| Page | Scripts | Brotli | With headers (about) |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const { page, files, total } of weights) {
    const withHeaders = total + files.length * HEADER_BYTES;
    console.log(`| ${page} | ${files.length} | ${kib(total)} | ${kib(withHeaders)} |`);
  }
}
