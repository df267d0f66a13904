import { useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import { checkCard, testTokenFor, type CardErrors, type CardFields } from "../test-cards";

const FIELDS: Array<keyof CardFields> = ["number", "expiry", "cvc"];

/**
 * The card form's typed values and messages, and Pay Now: it checks the card in the browser,
 * focuses the first field in error, and posts only the card's test token.
 */
export function useTestCard(action: string) {
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
  return { errors, busy, hydrated, payNow, update, control };
}
