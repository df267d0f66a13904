import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const PRODUCTION_FILES: Record<string, string> = {
  "react-router": "index.mjs",
  "react-router/dom": "dom-export.mjs",
};

/**
 * docs/decisions/0061-react-router-production-build.md: the browser's bundle
 * takes React Router's production build, which the package ships but its `exports` never name.
 * Client build only: the server keeps loading the package as Node resolves it.
 */
export function reactRouterProductionBuild(): Plugin {
  const require = createRequire(import.meta.url);
  const dist = path.join(path.dirname(require.resolve("react-router/package.json")), "dist");
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      const file = PRODUCTION_FILES[source];
      return file ? path.join(dist, "production", file) : null;
    },
  };
}
