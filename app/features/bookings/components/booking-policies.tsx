import { BOOKING_POLICIES } from "../booking-messages";

/** docs/product/public-site.md#business-constants-and-limits: the cancellation and change policies. */
export function BookingPolicies() {
  return (
    <section aria-labelledby="booking-policies" className="rounded-lg border border-line p-6">
      <h2 id="booking-policies" className="font-display text-xl font-medium">
        Cancellation and changes
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-ink-soft">
        {BOOKING_POLICIES.map((policy) => (
          <li key={policy}>{policy}</li>
        ))}
      </ul>
    </section>
  );
}
