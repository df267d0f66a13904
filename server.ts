import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { startServer } from "./app-server";

// The production entry, bundled into build/server.js. It always serves the built app in
// production mode; the Vite dev server is only in dev-server.ts, which is never built.
const here = path.dirname(fileURLToPath(import.meta.url));

await startServer({
  clientDir: path.join(here, "client"),
  brotliDir: path.join(here, "brotli"),
  // Resolved at run time: build/server.js sits beside build/server/index.js.
  loadBuild: async () =>
    (await import(/* @vite-ignore */ path.join(here, "server", "index.js"))) as ServerBuild,
});
