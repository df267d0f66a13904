import { TriangleAlert } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { bannerLines, type DeliveryBanner } from "../delivery-banner";

/** Shown at the top of every admin page while deliveries need attention (docs/decisions/0008-webhook-outbox.md). */
export function DeliveryWarningBanner({
  banner,
  canDismiss,
}: {
  banner: DeliveryBanner;
  canDismiss: boolean;
}) {
  const location = useLocation();
  return (
    <div
      role="status"
      className="mb-6 flex gap-3 rounded-lg border border-warning/40 bg-warning/5 px-4 py-3 text-sm dark:border-amber-300/40 dark:bg-amber-300/10"
    >
      <TriangleAlert
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0 text-warning dark:text-amber-300"
        strokeWidth={1.75}
      />
      <div className="min-w-0">
        <p className="font-semibold">Deliveries need attention</p>
        <ul className="mt-1 space-y-0.5 break-words">
          {bannerLines(banner).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Link
          to="/admin/deliveries"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
        >
          Open the delivery log
        </Link>
        {canDismiss && (
          // A plain form post, so it works before JavaScript loads; the action sends staff back here.
          <Form method="post" action="/admin/deliveries" className="inline">
            <input type="hidden" name="intent" value="dismiss-banner" />
            <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
            <button
              type="submit"
              className="ml-4 inline-flex min-h-11 items-center font-semibold text-muted underline underline-offset-4 dark:text-mist"
            >
              Dismiss
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
