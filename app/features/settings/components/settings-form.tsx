import { useNavigation } from "react-router";
import type { z } from "zod";
import { useAppForm } from "~/components/forms/use-app-form";
import { useResultToast, type ToastInput, type ToastMessage } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import type { FormProblem } from "~/lib/forms";
import { SETTINGS_TEXT } from "../settings.schema";

/** What the settings action answers for one of its forms. */
export type SettingsResult = FormProblem & {
  intent: string;
  error?: string;
  message?: string;
  /** A "saved" toast; the inline message stands in for it before JavaScript loads. */
  toast?: ToastMessage;
};

/**
 * One settings form on the shared form module: checked in the browser with the schema the server
 * parses, errors beside the fields, focus on the first; the server's answer (or a post made
 * before JavaScript loaded) takes over when it comes. A save raises a toast, with `undo` when
 * the form can put the old values back.
 */
export function useSettingsSection<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  intent: string,
  result: SettingsResult | undefined,
  options: {
    defaultValue?: Partial<Record<keyof z.input<Schema>, string>>;
    undo?: ToastInput["undo"];
  } = {},
) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const own = result?.intent === intent ? result : undefined;
  const { form, fields, formProps, errorCount } = useAppForm(schema, {
    id: intent,
    result: own,
    defaultValue: options.defaultValue,
  });
  useResultToast(own, options.undo);

  const summary =
    errorCount > 0
      ? { tone: "error" as const, message: SETTINGS_TEXT.fixErrors(errorCount) }
      : own?.error
        ? { tone: "error" as const, message: own.error }
        : own?.message && !saving && !hydrated
          ? { tone: "success" as const, message: own.message }
          : undefined;
  return { form, fields, formProps, saving, summary };
}

export const SAVE_BUTTON_TONE = "dark:bg-gold dark:text-ink dark:hover:bg-gold-light";
