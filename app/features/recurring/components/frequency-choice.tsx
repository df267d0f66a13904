import { FieldError } from "~/components/kit/field";
import { formatMoney } from "~/lib/format";
import { FREQUENCIES, FREQUENCY_LABELS } from "../frequencies";
import { discountedVisitCents, FREQUENCY_DISCOUNT_PERCENT } from "../visit-pricing";

/**
 * "How often" on the booking form: one-off or a series, each with the price of a visit as one
 * total, GST included, before anything is paid (docs/decisions/0072-plans-and-visit-prices.md).
 * Radio buttons in a fieldset, so it posts without JavaScript and reads as one group.
 */
export function FrequencyChoice({
  totalCents,
  chosen,
  error,
}: {
  totalCents: number;
  chosen?: string;
  error?: string;
}) {
  const errorId = error ? "frequency-error" : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold">How often</legend>
      <p className="mt-1 text-sm text-ink-soft">
        A regular clean repeats on the same weekday and time as the date you choose. Prices include
        GST; the rewards discount applies when it is larger.
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {FREQUENCIES.map((frequency) => {
          const id = `frequency-${frequency}`;
          const percent = FREQUENCY_DISCOUNT_PERCENT[frequency];
          return (
            <label
              key={frequency}
              htmlFor={id}
              className="flex min-h-11 cursor-pointer flex-col rounded-md border border-ink/25 px-3 py-2 has-checked:border-ink has-checked:bg-ink has-checked:text-ivory has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold"
            >
              <input
                id={id}
                type="radio"
                name="frequency"
                value={frequency}
                defaultChecked={(chosen ?? "one_off") === frequency}
                className="sr-only"
              />
              <span className="font-semibold">{FREQUENCY_LABELS[frequency]}</span>
              <span className="text-sm">
                {formatMoney(discountedVisitCents(totalCents, frequency))}
                {frequency === "one_off" ? "" : " a visit"}, GST included
                {percent > 0 ? ` (${percent}% off)` : ""}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
