import { Form } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import type { TwoFactorState } from "../two-factor";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./button-tones";
import { FormMessage } from "~/components/kit/form-message";
import { TextField } from "./text-field";

/** Scan (or type) the secret, then prove it with the app's first code. */
export function TwoFactorEnrolment({
  pending,
  error,
  confirming,
  cancelling,
}: {
  pending: NonNullable<TwoFactorState["pending"]>;
  error: string | undefined;
  confirming: boolean;
  cancelling: boolean;
}) {
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

      <Form method="post" noValidate className="max-w-sm space-y-4">
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <FormMessage message={error} />
        <TextField
          label="2. Enter the 6-digit code the app shows"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          error={error ? "Codes change every 30 seconds." : undefined}
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
