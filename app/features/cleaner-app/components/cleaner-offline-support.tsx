import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  CLEANER_CACHE_PREFIX,
  CLEANER_SW_SCOPE,
  CLEANER_SW_URL,
  CLEAR_CACHES_MESSAGE,
} from "../service-worker/cleaner-sw-scope";
import { CLEANER_HOME_TEXT } from "../cleaner-app-copy";

// docs/decisions/0070-cleaner-time-off-and-working-pattern.md: on the cleaner's app pages only,
// registers the service worker that keeps Today readable offline, stops posts made without a
// connection (with a message saying so, rather than the browser's error page) and empties the
// worker's caches when the cleaner signs out.

async function deleteCleanerCaches() {
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CLEANER_CACHE_PREFIX))
      .map((name) => caches.delete(name)),
  );
  navigator.serviceWorker?.controller?.postMessage({ type: CLEAR_CACHES_MESSAGE });
}

export function CleanerOfflineSupport() {
  const { pathname } = useLocation();
  const inApp = pathname === CLEANER_SW_SCOPE || pathname.startsWith(`${CLEANER_SW_SCOPE}/`);
  const [refused, setRefused] = useState(false);

  // On every page of the app, not once: signing in clears the site's storage, the worker with it
  // (Clear-Site-Data), and the next page registers it again. Registering again is a no-op.
  useEffect(() => {
    // The development server serves no built worker.
    if (!inApp || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(CLEANER_SW_URL, { scope: CLEANER_SW_SCOPE }).catch(() => {
      // Without a worker the app works as before, only not offline.
    });
  }, [inApp, pathname]);

  useEffect(() => {
    if (!inApp) return;
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (!navigator.onLine) {
        event.preventDefault();
        event.stopImmediatePropagation();
        setRefused(true);
        return;
      }
      if (form.hasAttribute("data-signs-out")) void deleteCleanerCaches();
    };
    const onOnline = () => setRefused(false);
    // Capture, so the check runs before React Router's own submit handler.
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("online", onOnline);
    };
  }, [inApp]);

  if (!refused) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-md border border-danger/40 bg-white px-4 py-3 text-sm font-semibold text-danger shadow-lg"
    >
      <p>{CLEANER_HOME_TEXT.actionNeedsConnection}</p>
      <button
        type="button"
        className="mt-2 underline underline-offset-4"
        onClick={() => setRefused(false)}
      >
        {CLEANER_HOME_TEXT.dismiss}
      </button>
    </div>
  );
}
