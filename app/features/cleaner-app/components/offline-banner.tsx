import { useEffect, useState } from "react";
import { formatDateTime } from "~/lib/format";
import { CLEANER_HOME_TEXT } from "../cleaner-app-copy";

/**
 * "You're offline — showing jobs from <time>": shown when the browser has no connection, which
 * is when the app's service worker serves the last copy of this page. The time is when the
 * server read the jobs, carried in the page itself.
 */
export function OfflineBanner({ loadedAt }: { loadedAt: string }) {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  if (!offline) return null;
  return (
    <div
      role="status"
      className="mb-6 rounded-md border border-gold bg-gold/10 px-4 py-3 text-sm font-semibold"
    >
      <p>{CLEANER_HOME_TEXT.offline(formatDateTime(loadedAt))}</p>
      <p className="mt-1 font-normal">{CLEANER_HOME_TEXT.needsConnection}</p>
    </div>
  );
}
