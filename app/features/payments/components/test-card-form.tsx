import { Field, FieldError, Input } from "~/components/kit/field";
import { ROW } from "~/components/site/forms/choice-fields";
import { buttonClasses } from "~/components/ui/button";
import { PAYMENT_COPY as COPY } from "../payment-copy";
import { formatCardNumber, formatExpiry, TEST_CARD_CHOICES } from "../test-cards";
import { SecureNote } from "./secure-note";
import { useTestCard } from "./use-test-card";

const PAY_BUTTON = buttonClasses("ink", "w-full disabled:opacity-70");

/**
 * The test provider's card form (docs/decisions/0007-payments-through-a-provider.md). The three
 * inputs have no name, so no form submission can carry them: on Pay Now the browser checks them
 * (Luhn, MM/YY not past, CVC 3-4 digits) and posts only the card's test token. Without
 * JavaScript nothing can check a typed card, so the form offers the test cards as choices instead
 * and posts the chosen one's token itself (docs/decisions/0053-guest-booking-page.md).
 */
export function TestCardForm({ action, tokenError }: { action: string; tokenError?: string }) {
  const { errors, busy, hydrated, payNow, update, control } = useTestCard(action);

  return (
    <form
      method="post"
      action={action}
      onSubmit={payNow}
      noValidate
      aria-labelledby="card-title"
      className="space-y-5"
    >
      <h2 id="card-title" className="font-display text-2xl font-medium">
        {COPY.cardTitle}
      </h2>
      <input type="hidden" name="intent" value="test-card" />
      <div className="space-y-5 no-js:hidden">
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
          className={PAY_BUTTON}
        >
          {busy ? COPY.processing : COPY.payNow}
        </button>
      </div>
      <NoScriptTestCards error={tokenError} />
      <SecureNote />
    </form>
  );
}

/** Shown only while the browser runs no script: the test cards to choose from, and Pay Now. */
function NoScriptTestCards({ error }: { error?: string }) {
  return (
    <div className="space-y-5 js:hidden">
      <p className="text-sm text-ink-soft">{COPY.noScriptCardNote}</p>
      <fieldset aria-describedby={error ? "test-card-error" : undefined}>
        <legend className="text-sm font-semibold">{COPY.testCardLegend}</legend>
        <div className="mt-2 grid gap-2">
          {TEST_CARD_CHOICES.map((card) => (
            <label key={card.token} className={ROW}>
              <input
                type="radio"
                name="token"
                value={card.token}
                required
                className="mt-1 size-4 shrink-0 accent-ink"
              />
              <span className="font-medium tabular-nums">{card.label}</span>
            </label>
          ))}
        </div>
        <FieldError id="test-card-error" error={error} />
      </fieldset>
      <button type="submit" className={PAY_BUTTON}>
        {COPY.payNow}
      </button>
    </div>
  );
}
