import { Field, Input } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { PAYMENT_COPY as COPY } from "../payment-copy";
import { formatCardNumber, formatExpiry } from "../test-cards";
import { SecureNote } from "./secure-note";
import { useTestCard } from "./use-test-card";

/**
 * The test provider's card form (docs/decisions/0007-payments-through-a-provider.md). The three
 * inputs have no name, so no form submission can carry them: on Pay Now the browser checks them
 * (Luhn, MM/YY not past, CVC 3-4 digits) and posts only the card's test token.
 */
export function TestCardForm({ action }: { action: string }) {
  const { errors, busy, hydrated, payNow, update, control } = useTestCard(action);

  return (
    <form onSubmit={payNow} noValidate aria-labelledby="card-title" className="space-y-5">
      <h2 id="card-title" className="font-display text-2xl font-medium">
        {COPY.cardTitle}
      </h2>
      <Field label={COPY.cardNumber} error={errors.number} id="card-number">
        {(props) => (
          <Input
            {...props}
            {...control("number")}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            onChange={(event) => update("number", formatCardNumber(event.target.value))}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={COPY.expiry} error={errors.expiry} id="card-expiry">
          {(props) => (
            <Input
              {...props}
              {...control("expiry")}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              onChange={(event) => update("expiry", formatExpiry(event.target.value))}
            />
          )}
        </Field>
        <Field label={COPY.cvc} error={errors.cvc} id="card-cvc">
          {(props) => (
            <Input
              {...props}
              {...control("cvc")}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              onChange={(event) => update("cvc", event.target.value.replace(/\D/g, ""))}
            />
          )}
        </Field>
      </div>
      <p className="text-sm text-ink-soft">{COPY.testModeCardNote}</p>
      <button
        type="submit"
        disabled={!hydrated || busy}
        aria-busy={busy || undefined}
        className={buttonClasses("ink", "w-full disabled:opacity-70")}
      >
        {busy ? COPY.processing : COPY.payNow}
      </button>
      <SecureNote />
    </form>
  );
}
