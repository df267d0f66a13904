import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import type { FormProblem } from "~/lib/forms";
import { SignInSchema } from "../auth.schema";

export type SignInFormResult = FormProblem<"email" | "password"> & { error?: string };

/** Step one: email and password, written for password managers (WCAG 2.2 3.3.8). */
export function SignInForm({
  redirectTo,
  result,
}: {
  redirectTo: string;
  result: SignInFormResult | undefined;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  const { fields, formProps, errorCount } = useAppForm(SignInSchema, {
    id: "sign-in",
    result,
  });
  const formRef = useRef<HTMLFormElement>(null);

  // A refusal with no field to blame (docs/decisions/0002-staff-accounts-and-sessions.md: never which half was wrong) clears the password and
  // puts focus there; field errors get their focus from the form module.
  useEffect(() => {
    if (!result || result.fieldErrors) return;
    const password = formRef.current?.elements.namedItem("password");
    if (password instanceof HTMLInputElement) {
      password.value = "";
      password.focus();
    }
  }, [result]);

  return (
    <Form ref={formRef} method="post" {...formProps} className="space-y-5">
      <input type="hidden" name="intent" value="password" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormMessage message={errorCount > 0 ? "Please check the fields below." : result?.error} />
      <TextField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="username"
        spellCheck={false}
        autoCapitalize="none"
        aria-required="true"
      />
      <TextField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
        aria-required="true"
      />
      <SubmitButton
        busy={submitting}
        busyLabel="Signing in..."
        className={buttonClasses("ink", "w-full disabled:cursor-wait disabled:opacity-80")}
      >
        Sign in to Admin Panel
      </SubmitButton>
    </Form>
  );
}
