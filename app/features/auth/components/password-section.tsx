import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast, type ToastMessage } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import type { FormProblem } from "~/lib/forms";
import { ChangePasswordSchema } from "../password.schema";
import { PRIMARY_BUTTON } from "./button-tones";
import { NewPasswordFields } from "./new-password-fields";

/** The answer to "Change password": errors beside its fields (never the passwords), or done. */
export type PasswordResult = FormProblem<"currentPassword" | "password" | "confirmPassword"> & {
  intent: "password";
  error?: string;
  message?: string;
  toast?: ToastMessage;
};

/**
 * Your account's password: the current one, then the new one twice
 * (docs/decisions/0045-password-changes-and-resets.md). Other sessions end; this one stays.
 */
export function PasswordSection({
  email,
  result,
}: {
  email: string;
  result: PasswordResult | undefined;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  const { form, fields, formProps } = useAppForm(ChangePasswordSchema, {
    id: "change-password",
    result,
  });
  useResultToast(result);

  // A changed password empties the form (once per answer): the typed passwords are not kept.
  const changed = result?.message ? result : undefined;
  const resetFor = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!changed || resetFor.current === changed) return;
    resetFor.current = changed;
    form.reset();
  }, [changed, form]);

  return (
    <AdminPanel labelledBy="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Password
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        Changing your password signs you out on every other device; you stay signed in here.
      </p>
      <Form method="post" {...formProps} className="max-w-sm space-y-4">
        <input type="hidden" name="intent" value="password" />
        <FormMessage message={result?.error} />
        {/* With JavaScript the toast says it; before it loads, this line does. */}
        <FormMessage message={hydrated ? undefined : result?.message} tone="success" />
        <TextField
          meta={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
          aria-required="true"
        />
        <NewPasswordFields
          email={email}
          password={fields.password}
          confirmPassword={fields.confirmPassword}
        />
        <SubmitButton
          busy={saving}
          busyLabel="Changing..."
          className={buttonClasses("ink", PRIMARY_BUTTON)}
        >
          Change password
        </SubmitButton>
      </Form>
    </AdminPanel>
  );
}
