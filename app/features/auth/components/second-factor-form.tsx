import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormMessage, TextField } from "./text-field";

/**
 * Step two for staff with two-factor authentication: the code from their app, or (through the
 * link below it) one of their recovery codes. "Start again" drops the pending sign-in.
 */
export function SecondFactorForm({
  redirectTo,
  useRecovery,
  error,
}: {
  redirectTo: string;
  useRecovery: boolean;
  error: string | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "code";
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!error || !codeRef.current) return;
    codeRef.current.value = "";
    codeRef.current.focus();
  }, [error]);

  const here = new URLSearchParams({ redirectTo });
  const other = new URLSearchParams({ redirectTo, ...(useRecovery ? {} : { method: "recovery" }) });

  return (
    <div className="space-y-5">
      <Form method="post" noValidate className="space-y-5">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage message={error} />
        {useRecovery ? (
          <TextField
            key="recovery"
            inputRef={codeRef}
            label="Recovery code"
            name="code"
            hint="One of the ten codes you saved when you turned on two-factor authentication, for example K7QD2-MX9PA. Each works once."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
          />
        ) : (
          <TextField
            key="app"
            inputRef={codeRef}
            label="Authentication code"
            name="code"
            hint="The 6-digit code your authenticator app shows now."
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
          />
        )}
        <button
          type="submit"
          className={buttonClasses("ink", "w-full disabled:cursor-wait disabled:opacity-80")}
          disabled={submitting}
        >
          {submitting ? "Verifying..." : "Verify and sign in"}
        </button>
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
