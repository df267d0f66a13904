import { parse } from "@conform-to/react";
import { useCallback, useRef, type FormEvent } from "react";
import type { z } from "zod";
import { useConformForm, type AppFormOptions, type FormCheck } from "./use-conform-form";

/**
 * useAppForm with the same schema and the same checks, for a public page whose weight counts
 * (docs/decisions/0090-form-checks-on-demand.md): the schema, zod and zod's Conform adapter are
 * fetched when the visitor first points at or focuses something in the form, not with the page.
 * A submit made before they arrive waits for them; if they cannot be fetched (offline, say), the
 * form posts as it would without JavaScript and the server, parsing the same schema, answers
 * with the same messages.
 */
export function useLazyAppForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  loadSchema: () => Promise<Schema>,
  options: AppFormOptions<Schema>,
) {
  const check = useRef<FormCheck<Schema> | null>(null);
  const unavailable = useRef(false);
  const loading = useRef<Promise<void> | null>(null);
  const load = useCallback(() => {
    loading.current ??= Promise.all([loadSchema(), import("~/lib/forms")]).then(
      ([schema, { validateForm }]) => {
        check.current = (formData) =>
          validateForm(formData, schema) as ReturnType<FormCheck<Schema>>;
      },
      () => {
        unavailable.current = true;
      },
    );
    return loading.current;
  }, [loadSchema]);

  const state = useConformForm<Schema>(
    (formData) => check.current?.(formData) ?? leftToTheServer(formData),
    options,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (check.current || unavailable.current) return state.formProps.onSubmit(event);
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void load().then(() => form.requestSubmit(submitter));
  };
  const start = () => void load();
  return {
    ...state,
    formProps: { ...state.formProps, onSubmit, onPointerEnter: start, onFocus: start },
  };
}

/** No check in the browser: Conform lets the post through and the server's answer shows. */
function leftToTheServer(formData: FormData) {
  return parse(formData, { resolve: () => ({ error: null }) }) as never;
}
