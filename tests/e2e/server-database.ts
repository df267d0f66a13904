import path from "node:path";
import Database from "better-sqlite3";

/** The end-to-end server's data folder (playwright.config.ts starts it with this DATA_DIR). */
export const serverDataDir = () => process.env.E2E_DATA_DIR!;

/**
 * The server's own SQLite file, opened beside it: to look at what a journey stored, or to set
 * up what a test needs. Read-only unless asked, so a look never takes a write lock.
 */
export function openServerDatabase({ write = false } = {}) {
  return new Database(path.join(serverDataDir(), "app.db"), { readonly: !write });
}
