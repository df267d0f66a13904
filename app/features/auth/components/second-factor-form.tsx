import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import type { FormProblem } from "~/lib/forms";
import { SecondFactorSchema } from "../auth.schema";
import { OneTimeCodeField } from "./one-time-code-field";

export type SecondFactorResult = FormProblem<"code"> & { error?: string };

/**
 * Step two for staff with two-factor authentication: the code from their app, or (through the
 * link below it) one of their recovery codes. "Start again" drops the pending sign-in.
 */

export function SecondFactorForm({
  redirectTo,
  useRecovery,
  result,
}: {
  redirectTo: string;
  useRecovery: boolean;
  result: SecondFactorResult | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "code";
  const { fields, formProps } = useAppForm(SecondFactorSchema, {
    id: useRecovery ? "recovery-code" : "app-code",
    result,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const error = result?.error;

  // A refused code is cleared, and focus goes back to type the next one.
  useEffect(() => {
    if (!error) return;
    const code = formRef.current?.elements.namedItem("code");
    if (code instanceof HTMLInputElement) {
      code.value = "";
      code.focus();
    }
  }, [result, error]);

  const here = new URLSearchParams({ redirectTo });
  const other = new URLSearchParams({ redirectTo, ...(useRecovery ? {} : { method: "recovery" }) });

  return (
    <div className="space-y-5">
      <Form ref={formRef} method="post" {...formProps} className="space-y-5">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage message={error} />
        {useRecovery ? (
          <TextField
            meta={fields.code}
            label="Recovery code"
            hint="One of the ten codes you saved when you turned on two-factor authentication, for example K7QD2-MX9PA. Each works once."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-required="true"
          />
        ) : (
          <OneTimeCodeField
            meta={fields.code}
            label="Authentication code"
            hint="The 6-digit code your authenticator app shows now."
          />
        )}
        <SubmitButton
          busy={submitting}
          busyLabel="Verifying..."
          className={buttonClasses("ink", "w-full disabled:cursor-wait disabled:opacity-80")}
        >
          Verify and sign in
        </SubmitButton>
      </Form>
      <div className="flex flex-col items-start gap-1 text-sm">
        <Link
          to={`/admin/login?${other.toString()}`}
          className="inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 hover:text-ink"
        >
          {useRecovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
        </Link>
        <Form method="post" action={`/admin/login?${here.toString()}`}>
          <input type="hidden" name="intent" value="restart" />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 hover:text-ink"
          >
            Start again
          </button>
        </Form>
      </div>
    </div>
  );
}
