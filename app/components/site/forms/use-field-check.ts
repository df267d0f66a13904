import { useState } from "react";

/**
 * Checks a public form in the browser before it is sent, with the same schema the server uses
 * (STYLE rule 7): on a problem it keeps the form from posting, shows the messages and puts focus
 * on the first field in `order` that has one. Without JavaScript the server answers the same.
 */
export function useFieldCheck<Field extends string>(
  check: (values: Record<string, FormDataEntryValue>) => Partial<Record<Field, string>> | null,
  order: readonly Field[],
) {
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>> | null>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const errors = check(Object.fromEntries(new FormData(event.currentTarget)));
    setClientErrors(errors);
    if (!errors) return;
    event.preventDefault();
    const first = order.find((field) => errors[field]);
    event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  return { clientErrors, onSubmit };
}
