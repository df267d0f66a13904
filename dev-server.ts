import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { startServer } from "./app-server";

// `npm run dev`: the app through Vite's dev server, with hot reload and source maps. Never built
// into build/: the production entry is server.ts.
const vite = await createServer({ server: { middlewareMode: true } });

await startServer({
  clientDir: path.resolve("build/client"),
  loadBuild: async () =>
    (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
  development: { middlewares: vite.middlewares, close: () => vite.close() },
});
