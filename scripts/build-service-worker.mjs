// The cleaner app's service worker (app/features/cleaner-app/service-worker/cleaner-sw.ts),
// bundled with Serwist into build/client/cleaner-sw.js, served from the site's root and registered
// with the scope /cleaner (docs/decisions/0070-cleaner-time-off-and-working-pattern.md).
import { build } from "esbuild";

await build({
  entryPoints: ["app/features/cleaner-app/service-worker/cleaner-sw.ts"],
  outfile: "build/client/cleaner-sw.js",
  bundle: true,
  platform: "browser",
  target: "es2022",
  format: "iife",
  minify: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
