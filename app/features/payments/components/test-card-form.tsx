import { useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { Field, Input } from "~/components/kit/field";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { PAYMENT_COPY as COPY } from "../payment-copy";
import {
  checkCard,
  formatCardNumber,
  formatExpiry,
  testTokenFor,
  type CardErrors,
  type CardFields,
} from "../test-cards";
import { SecureNote } from "./secure-note";

const FIELDS: Array<keyof CardFields> = ["number", "expiry", "cvc"];

/**
 * The test provider's card form (docs/decisions/0007-payments-through-a-provider.md). The three
 * inputs have no name, so no form submission can carry them: on Pay Now the browser checks them
 * (Luhn, MM/YY not past, CVC 3-4 digits) and posts only the card's test token.
 */
// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
export function TestCardForm({ action }: { action: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [card, setCard] = useState<CardFields>({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<CardErrors>({});
  const [checked, setChecked] = useState(false);
  const inputs = useRef<Partial<Record<keyof CardFields, HTMLInputElement | null>>>({});
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  function update(field: keyof CardFields, value: string) {
    const next = { ...card, [field]: value };
    setCard(next);
    // Once Pay Now has been tried, each message follows what is typed.
    if (checked) setErrors(checkCard(next));
  }

  function payNow(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = checkCard(card);
    setChecked(true);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    const token = testTokenFor(card.number);
    if (!token) return;
    void submit({ intent: "test-card", token }, { method: "post", action });
  }

  const control = (field: keyof CardFields) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    value: card[field],
    required: true,
    disabled: busy,
  });

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
