import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./built-server";

// What a route module of app/routes.ts exports, read from its source: the route tables of the
// access suites use it to know which routes take a post. A post to one without an action is
// answered 405 before any guard runs (app/server/route-actions.server.ts).

export function exportsFunction(source: string, name: "loader" | "action") {
  return new RegExp(`export (async )?(function ${name}\\b|const ${name}\\b)`).test(source);
}

/** Whether the module `file` (as app/routes.ts names it, "routes/…") exports an action. */
export function routeModuleHasAction(file: string) {
  return exportsFunction(readFileSync(path.join(projectRoot, "app", file), "utf8"), "action");
}
