import { useFetcher } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { useResultToast, type ResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { CLEANER_ADMIN_TEXT } from "../cleaner-app-copy";

/** The intent of "Sign out everywhere" on a cleaner's admin profile. */
export const APP_SIGN_OUT_INTENT = "app-sign-out";

/**
 * Staff end a cleaner's app sessions on every device (docs/decisions/0063-cleaner-app-sign-in.md),
 * for a lost phone or a worry; the cleaner can sign in again with a new link.
 */
export function AppSessionsPanel() {
  const fetcher = useFetcher<ResultToast & { message?: string }>();
  useResultToast(fetcher.data);
  return (
    <AdminPanel labelledBy="cleaner-app-heading">
      <h2 id="cleaner-app-heading" className="mb-3 text-lg font-semibold">
        {CLEANER_ADMIN_TEXT.heading}
      </h2>
      <p className="text-sm">{CLEANER_ADMIN_TEXT.body}</p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={APP_SIGN_OUT_INTENT} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className={buttonClasses("outline", "dark:border-ivory/40 dark:text-ivory")}
        >
          {CLEANER_ADMIN_TEXT.action}
        </button>
        {fetcher.data?.message && (
          <p role="status" className="text-sm font-semibold">
            {fetcher.data.message}
          </p>
        )}
      </fetcher.Form>
    </AdminPanel>
  );
}
