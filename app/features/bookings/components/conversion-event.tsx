import { useEffect } from "react";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * docs/decisions/0016-analytics-only-when-configured.md: the conversion event of the booking success page. It goes to
 * gtag only when the page loaded it (a tag id is configured); otherwise nothing happens. Once per
 * page view of a booking: a revalidation does not fire it again.
 */
export function ConversionEvent({
  name,
  id,
  valueCents,
}: {
  name: string;
  id: string;
  valueCents: number;
}) {
  useEffect(() => {
    window.gtag?.("event", name, {
      transaction_id: id,
      value: valueCents / 100,
      currency: "AUD",
    });
  }, [name, id, valueCents]);
  return null;
}
