import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/forms/bound-fields";

/**
 * A new password typed twice (docs/decisions/0045-password-changes-and-resets.md), with the
 * account's email as a hidden username so password managers save the new one to the right entry.
 */
export function NewPasswordFields({
  email,
  password,
  confirmPassword,
}: {
  email: string;
  password: FieldMetadata<unknown>;
  confirmPassword: FieldMetadata<unknown>;
}) {
  return (
    <>
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <TextField
        meta={password}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters. A passphrase of a few words is easy to remember."
        aria-required="true"
      />
      <TextField
        meta={confirmPassword}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        aria-required="true"
      />
    </>
  );
}
