import { useEffect } from "react";

// docs/decisions/0016-analytics-only-when-configured.md: the conversion event goes to the analytics tag
// only when staff configured one (the tag defines window.gtag; without it nothing is sent and
// nothing loads). Once per page and reference, so a refresh does not count a sale twice.

type Gtag = (command: "event", name: string, params: Record<string, unknown>) => void;

export function ConversionEvent({
  name,
  id,
  valueCents,
}: {
  /** e.g. "purchase" on payment success */
  name: string;
  /** The booking reference, which also keeps a refresh from sending it again */
  id: string;
  valueCents?: number;
}) {
  useEffect(() => {
    const gtag = (window as { gtag?: Gtag }).gtag;
    if (typeof gtag !== "function") return;
    const key = `conversion:${name}:${id}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // storage refused (private mode): send it anyway
    }
    gtag("event", name, {
      transaction_id: id,
      ...(valueCents === undefined ? {} : { value: valueCents / 100, currency: "AUD" }),
    });
  }, [name, id, valueCents]);
  return null;
}
