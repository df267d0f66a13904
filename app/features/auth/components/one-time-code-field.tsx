import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/forms/bound-fields";

/** The 6-digit code of an authenticator app; a space in the middle is allowed, as apps show it. */
export function OneTimeCodeField({
  meta,
  label,
  hint,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
}) {
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      aria-required="true"
    />
  );
}
