import type { ManualChunkMeta } from "rollup";

// How the browser's JavaScript is cut into files (docs/benchmarks.md, "Public pages:
// Lighthouse"). Each file is a request, and on a slow phone link each request costs a round
// trip, so the public pages should load few files; but every byte a file carries that the page
// does not use is downloaded too. So:
// - React, React DOM and React Router are one file, cached by every page; zod is one file and
//   conform another, for the pages with forms; conform's zod adapter goes where Rollup puts it,
//   with zod's other users, since the contact form and the quote wizard fetch zod only on demand
//   (docs/decisions/0090-form-checks-on-demand.md);
// - what the landing page (the root, the site layout and home) shares with other pages, from the
//   app and from the icons, is one file ("site"), or "shared" when the back office uses it too;
//   home's own sections stay in home's file;
// - the rest is left to Rollup, which gives each route what it imports; the other public pages'
//   icons are one file ("icons"), the back office's another ("icons-admin").
// Small leftovers are not merged into bigger neighbours (Rollup's experimentalMinChunkSize):
// that merge loaded unrelated pages' code (a cleaner's job offer, the policies page) on home.

const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;
const LANDING_ROUTES = /\/app\/(root\.tsx|routes\/(site-layout|home)\.tsx)$/;
const HOME_ROUTE = /\/app\/routes\/home\.tsx$/;
const ADMIN_ROUTES = /\/app\/(root\.tsx|routes\/admin\/)/;
// conform's packages but its zod adapter: every page with a conform form needs all of them.
const FORM_KIT = /\/node_modules\/@conform-to\/(react|dom)\//;
const ROUTE_MODULE = /\/app\/(root\.tsx|routes\/)/;

export function clientChunk(id: string, { getModuleInfo }: ManualChunkMeta) {
  if (FRAMEWORK.test(id)) return "framework";
  // Named, or Rollup would pull it into "forms" behind conform's zod adapter.
  if (id.includes("/node_modules/zod/")) return "zod";
  if (FORM_KIT.test(id)) return "forms";
  const icon = id.includes("/node_modules/lucide-react/");
  const appModule = id.includes("/app/") && !id.includes("/node_modules/");
  if ((!icon && !appModule) || ROUTE_MODULE.test(id)) return undefined;
  const routes = routesImporting(id, getModuleInfo);
  // Home's own sections stay in home's file; the other pages need not download them.
  if (routes.every((route) => HOME_ROUTE.test(route))) return undefined;
  if (routes.some((route) => LANDING_ROUTES.test(route))) {
    return routes.some((route) => ADMIN_ROUTES.test(route)) ? "shared" : "site";
  }
  if (!icon) return undefined;
  return routes.every((route) => ADMIN_ROUTES.test(route)) ? "icons-admin" : "icons";
}

/** The route modules that import `id`, directly or through other modules (static imports only). */
function routesImporting(id: string, getModuleInfo: ManualChunkMeta["getModuleInfo"]) {
  const routes: string[] = [];
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    for (const importer of getModuleInfo(queue.shift()!)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      if (ROUTE_MODULE.test(importer.split("?")[0]!)) routes.push(importer.split("?")[0]!);
      else queue.push(importer);
    }
  }
  return routes;
}
