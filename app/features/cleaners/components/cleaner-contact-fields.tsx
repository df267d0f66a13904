import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/forms/bound-fields";

type ContactField = "name" | "email" | "phone" | "location";

/**
 * A cleaner's name, email, phone and the suburb they work from: the same four fields, with the
 * same hints, when staff add a cleaner and when they edit one. The caller lays them out (a grid in
 * the profile, one column in the dialog). Autocomplete is off: staff type someone else's details.
 */
export function CleanerContactFields({
  fields,
}: {
  fields: Record<ContactField, FieldMetadata<unknown>>;
}) {
  return (
    <>
      <TextField meta={fields.name} label="Name" autoComplete="off" aria-required="true" />
      <TextField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        aria-required="true"
      />
      <TextField
        meta={fields.phone}
        label="Phone"
        type="tel"
        autoComplete="off"
        hint="For example 0412 345 678"
        aria-required="true"
      />
      <TextField
        meta={fields.location}
        label="Location"
        hint="The suburb they work from"
        aria-required="true"
      />
    </>
  );
}
