import { Form } from "react-router";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import type { FormProblem } from "~/lib/forms";
import { TwoFactorConfirmSchema, type TwoFactorState } from "../two-factor";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./button-tones";
import { OneTimeCodeField } from "./one-time-code-field";

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
        <OneTimeCodeField meta={fields.code} label="2. Enter the 6-digit code the app shows" />
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            busy={confirming}
            busyLabel="Checking..."
            className={buttonClasses("ink", PRIMARY_BUTTON)}
          >
            Turn on two-factor authentication
          </SubmitButton>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="two-factor-cancel" />
        <SubmitButton
          busy={cancelling}
          busyLabel="Cancelling..."
          className={buttonClasses("outline", SECONDARY_BUTTON)}
        >
          Cancel set-up
        </SubmitButton>
      </Form>
    </div>
  );
}
