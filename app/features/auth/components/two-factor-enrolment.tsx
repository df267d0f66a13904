import { Form } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import type { FormProblem } from "~/lib/forms";
import { TwoFactorConfirmSchema, type TwoFactorState } from "../two-factor";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./button-tones";

/** Scan (or type) the secret, then prove it with the app's first code. */
export function TwoFactorEnrolment({
  pending,
  result,
  confirming,
  cancelling,
}: {
  pending: NonNullable<TwoFactorState["pending"]>;
  result: (FormProblem<"code"> & { error?: string }) | undefined;
  confirming: boolean;
  cancelling: boolean;
}) {
  const { fields, formProps } = useAppForm(TwoFactorConfirmSchema, {
    id: "two-factor-confirm",
    result,
  });
  return (
    <div className="space-y-6">
      <ol className="grid gap-6 md:grid-cols-[auto_1fr]">
        <li className="space-y-3">
          <p className="text-sm font-semibold">1. Scan this QR code with your authenticator app</p>
          <img
            src={pending.qrCode}
            width={192}
            height={192}
            alt={`QR code to add ${pending.issuer} (${pending.account}) to an authenticator app`}
            className="size-48 rounded-md border border-line bg-white p-1 dark:border-ivory/15"
          />
        </li>
        <li className="space-y-3">
          <p className="text-sm font-semibold">Or type this key into the app</p>
          <p className="text-sm text-muted dark:text-mist">
            Account {pending.account}, time-based, 6 digits.
          </p>
          <p className="inline-block rounded-md border border-line bg-ivory px-3 py-2 font-mono text-base tracking-wider break-all select-all dark:border-ivory/15 dark:bg-ink">
            <span className="sr-only">Set-up key: </span>
            {pending.secret}
          </p>
        </li>
      </ol>

      <Form method="post" {...formProps} className="max-w-sm space-y-4">
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <FormMessage message={result?.error} />
        <TextField
          meta={fields.code}
          label="2. Enter the 6-digit code the app shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          aria-required="true"
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className={buttonClasses("ink", PRIMARY_BUTTON)}
            disabled={confirming}
          >
            {confirming ? "Checking..." : "Turn on two-factor authentication"}
          </button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="two-factor-cancel" />
        <button
          type="submit"
          className={buttonClasses("outline", SECONDARY_BUTTON)}
          disabled={cancelling}
        >
          {cancelling ? "Cancelling..." : "Cancel set-up"}
        </button>
      </Form>
    </div>
  );
}
