// What the cleaner app's service worker keeps, shared by the worker and the page that registers
// it (docs/decisions/0070-cleaner-time-off-and-working-pattern.md). Client-safe, no imports.

/** Where the built worker is served from, and the only pages it controls. */
export const CLEANER_SW_URL = "/cleaner-sw.js";
export const CLEANER_SW_SCOPE = "/cleaner";

/** Every cache the worker makes starts with this, so sign-out can delete them all. */
export const CLEANER_CACHE_PREFIX = "cleaner-app-";

/** The message a page sends the worker to delete its caches. */
export const CLEAR_CACHES_MESSAGE = "clear-cleaner-caches";

/**
 * Only Today (the page and its data request) and React Router's route manifest are kept: today's
 * jobs carry suburbs and crew first names, while a job's address and client live on its own page,
 * which needs a connection.
 */
export function isCachedCleanerPage(pathname: string) {
  return pathname === "/cleaner" || pathname === "/cleaner.data" || pathname === "/__manifest";
}
