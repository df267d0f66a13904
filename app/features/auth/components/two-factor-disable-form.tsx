import { Form } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { SECONDARY_BUTTON } from "./button-tones";
import { FormMessage } from "~/components/kit/form-message";
import { TextField } from "./text-field";

/** Turning two-factor off asks for proof: the password, a current code or a recovery code. */
export function TwoFactorDisableForm({
  recoveryCodesLeft,
  error,
  busy,
}: {
  recoveryCodesLeft: number;
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm">
        {recoveryCodesLeft} of 10 recovery codes left.
        {recoveryCodesLeft <= 3 &&
          " When they run low, turn two-factor off and on again for a fresh set."}
      </p>
      <Form method="post" noValidate className="max-w-sm space-y-4">
        <input type="hidden" name="intent" value="two-factor-disable" />
        <FormMessage message={error} />
        <TextField
          label="Password or authentication code"
          name="credential"
          type="password"
          hint="To turn two-factor authentication off, confirm it is you."
          autoComplete="current-password"
          required
          error={error ? "Check it and try again." : undefined}
        />
        <button
          type="submit"
          className={buttonClasses("outline", SECONDARY_BUTTON)}
          disabled={busy}
        >
          {busy ? "Turning off..." : "Turn off two-factor authentication"}
        </button>
      </Form>
    </div>
  );
}
