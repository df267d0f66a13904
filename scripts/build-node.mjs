// Node 20 cannot run TypeScript: bundle the Express entry and the command-line scripts
// (scripts/*.ts) into build/. Dependencies stay external in node_modules; our code is bundled.
import { readdirSync } from "node:fs";
import { build } from "esbuild";

const scripts = readdirSync("scripts").filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

await build({
  entryPoints: {
    server: "server.ts",
    ...Object.fromEntries(
      scripts.map((f) => [`scripts/${f.replace(/\.ts$/, "")}`, `scripts/${f}`]),
    ),
  },
  outdir: "build",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
