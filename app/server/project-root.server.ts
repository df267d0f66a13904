import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding the project's package.json, found by walking up from this module. The same
 * code runs from app/server (tsx, Vitest, Vite's dev server) and bundled into build/ (`npm start`),
 * and a server may be started from any working directory, so neither a fixed number of ".." nor
 * process.cwd() would do.
 */
export function findProjectRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) {
      throw new Error(`No package.json above ${from}: the project's files cannot be found`);
    }
  }
}

/** The files committed under assets/ that the app reads at start (their licences sit beside them). */
export function committedAssets(root = findProjectRoot()) {
  return {
    demoPhotosDir: path.join(root, "assets", "demo-photos"),
    suburbsCsv: path.join(root, "assets", "nsw-suburbs", "nsw-suburbs.csv"),
  };
}
