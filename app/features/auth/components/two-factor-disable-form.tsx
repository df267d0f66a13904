import { Form } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import type { FormProblem } from "~/lib/forms";
import { TwoFactorDisableSchema } from "../two-factor";
import { SECONDARY_BUTTON } from "./button-tones";

/** Turning two-factor off asks for proof: the password, a current code or a recovery code. */
export function TwoFactorDisableForm({
  recoveryCodesLeft,
  result,
  busy,
}: {
  recoveryCodesLeft: number;
  result: (FormProblem<"credential"> & { error?: string }) | undefined;
  busy: boolean;
}) {
  const { fields, formProps } = useAppForm(TwoFactorDisableSchema, {
    id: "two-factor-disable",
    result,
  });
  return (
    <div className="space-y-4">
      <p className="text-sm">
        {recoveryCodesLeft} of 10 recovery codes left.
        {recoveryCodesLeft <= 3 &&
          " When they run low, turn two-factor off and on again for a fresh set."}
      </p>
      <Form method="post" {...formProps} className="max-w-sm space-y-4">
        <input type="hidden" name="intent" value="two-factor-disable" />
        <FormMessage message={result?.error} />
        <TextField
          meta={fields.credential}
          label="Password or authentication code"
          type="password"
          hint="To turn two-factor authentication off, confirm it is you."
          autoComplete="current-password"
          aria-required="true"
        />
        <SubmitButton
          busy={busy}
          busyLabel="Turning off..."
          className={buttonClasses("outline", SECONDARY_BUTTON)}
        >
          Turn off two-factor authentication
        </SubmitButton>
      </Form>
    </div>
  );
}
