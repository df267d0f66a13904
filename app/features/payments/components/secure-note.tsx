import { Lock } from "lucide-react";
import { PAYMENT_COPY as COPY } from "../payment-copy";

/** The secure-and-encrypted note under Pay Now (docs/product/public-site.md#payment-details). */
export function SecureNote() {
  return (
    <p className="flex items-center gap-2 text-sm text-ink-soft">
      <Lock aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.5} />
      {COPY.secureNote}
    </p>
  );
}
