/// <reference lib="webworker" />
import {
  CacheableResponsePlugin,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  StaleWhileRevalidate,
  type SerwistPlugin,
} from "serwist";
import {
  CLEANER_CACHE_PREFIX,
  CLEAR_CACHES_MESSAGE,
  isCachedCleanerPage,
} from "./cleaner-sw-scope";

// The cleaner app's service worker (docs/decisions/0070-cleaner-time-off-and-working-pattern.md
// has the offline rules; docs/decisions/0063-cleaner-app-sign-in.md the plan). Built by
// scripts/build-service-worker.mjs into build/client/cleaner-sw.js and registered with the scope
// /cleaner, so public pages and admin never run it. Today's page is network first, its last copy
// kept for when there is no connection; posts are never cached or queued: they need a connection.

declare const self: ServiceWorkerGlobalScope;

async function deleteCleanerCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CLEANER_CACHE_PREFIX))
      .map((name) => caches.delete(name)),
  );
}

/**
 * A page answered by a redirect to the sign-in (the session ended, was signed out everywhere, or
 * the cleaner was suspended) empties the caches, so nobody reads the last cleaner's jobs.
 */
const forgetOnSignedOut: SerwistPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.redirected && new URL(response.url).pathname.startsWith("/cleaner/sign-in")) {
      await deleteCleanerCaches();
    }
    return response;
  },
  // A redirected answer is another page's (the sign-in's): never kept as Today.
  cacheWillUpdate: async ({ response }) => (response.redirected ? null : response),
};

const serwist = new Serwist({
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.method === "GET" && isCachedCleanerPage(url.pathname),
      handler: new NetworkFirst({
        cacheName: `${CLEANER_CACHE_PREFIX}pages`,
        networkTimeoutSeconds: 6,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), forgetOnSignedOut],
      }),
    },
    {
      // The app's scripts, styles, fonts, icons and manifest, so the kept page still runs.
      matcher: ({ request, sameOrigin }) =>
        sameOrigin &&
        ["script", "style", "font", "image", "manifest"].includes(request.destination),
      handler: new StaleWhileRevalidate({
        cacheName: `${CLEANER_CACHE_PREFIX}static`,
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 }),
        ],
      }),
    },
  ],
});

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  if (event.data?.type === CLEAR_CACHES_MESSAGE) event.waitUntil(deleteCleanerCaches());
});

serwist.addEventListeners();
