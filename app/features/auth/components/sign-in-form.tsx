import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormMessage, TextField } from "./text-field";

export type SignInFormResult = {
  error?: string;
  fieldErrors?: { email?: string; password?: string };
  email?: string;
};

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
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  // After a refusal the password is cleared and focus goes where the fix is.
  useEffect(() => {
    if (!result) return;
    if (passwordRef.current) passwordRef.current.value = "";
    if (result.fieldErrors?.email) emailRef.current?.focus();
    else passwordRef.current?.focus();
  }, [result]);

  return (
    <Form method="post" noValidate className="space-y-5">
      <input type="hidden" name="intent" value="password" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormMessage message={result?.error} />
      <TextField
        inputRef={emailRef}
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        spellCheck={false}
        autoCapitalize="none"
        required
        defaultValue={result?.email}
        error={result?.fieldErrors?.email}
      />
      <TextField
        inputRef={passwordRef}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={result?.fieldErrors?.password}
      />
      <button
        type="submit"
        className={buttonClasses("ink", "w-full disabled:cursor-wait disabled:opacity-80")}
        disabled={submitting}
      >
        {submitting ? "Signing in..." : "Sign in to Admin Panel"}
      </button>
    </Form>
  );
}
