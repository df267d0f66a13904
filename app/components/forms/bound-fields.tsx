import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { Field, Input, NativeSelect, Textarea } from "~/components/kit/field";

type Shared = {
  meta: FieldMetadata<unknown>;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
};

type InputType = "text" | "email" | "tel" | "url" | "password" | "search" | "number" | "date";

type Aria = Parameters<React.ComponentProps<typeof Field>["children"]>[0];

/** The label, hint and first error of a bound field around its control. */
function BoundFrame({
  id,
  meta,
  label,
  hint,
  className,
  children,
}: Shared & { id: string; children: (aria: Aria) => React.ReactNode }) {
  return (
    <Field id={id} label={label} hint={hint} error={meta.errors?.[0]} className={className}>
      {children}
    </Field>
  );
}

/** A text input bound to a Conform field: its name, typed value and error come from `meta`. */
export function TextField({
  meta,
  label,
  hint,
  className,
  type = "text",
  ...input
}: Shared & { type?: InputType } & Omit<
    React.ComponentProps<"input">,
    "id" | "name" | "type" | "defaultValue" | "className"
  >) {
  // `key` makes Conform's reset reach the uncontrolled input; it is not a prop to spread.
  const { key, id, ...control } = getInputProps(meta, { type, ariaAttributes: false });
  const frame = { id, meta, label, hint, className };
  return (
    <BoundFrame {...frame}>
      {(aria) => <Input key={key} {...control} {...aria} {...input} />}
    </BoundFrame>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...textarea
}: Shared & Omit<React.ComponentProps<"textarea">, "id" | "name" | "defaultValue" | "className">) {
  const { key, id, ...control } = getTextareaProps(meta, { ariaAttributes: false });
  const frame = { id, meta, label, hint, className };
  return (
    <BoundFrame {...frame}>
      {(aria) => <Textarea key={key} className="min-h-36" {...control} {...aria} {...textarea} />}
    </BoundFrame>
  );
}

/** A native select bound to a Conform field (it works before JavaScript loads). */
export function SelectField({
  meta,
  label,
  hint,
  className,
  children,
  ...select
}: Shared & Omit<React.ComponentProps<"select">, "id" | "name" | "defaultValue" | "className">) {
  const { key, id, ...control } = getSelectProps(meta, { ariaAttributes: false });
  const frame = { id, meta, label, hint, className };
  return (
    <BoundFrame {...frame}>
      {(aria) => (
        <NativeSelect key={key} {...control} {...aria} {...select}>
          {children}
        </NativeSelect>
      )}
    </BoundFrame>
  );
}

type ContactFieldProps = { meta: FieldMetadata<unknown>; label?: string; className?: string };

/** The email field every public form asks for: required, typed as email, autofilled. */
export function EmailField({ meta, label = "Email", className }: ContactFieldProps) {
  return (
    <TextField
      meta={meta}
      label={label}
      type="email"
      autoComplete="email"
      aria-required="true"
      className={className}
    />
  );
}

/** The Australian phone field every public form asks for, with the example its rule accepts. */
export function PhoneField({ meta, label = "Phone", className }: ContactFieldProps) {
  return (
    <TextField
      meta={meta}
      label={label}
      type="tel"
      autoComplete="tel"
      hint="For example 0412 345 678"
      aria-required="true"
      className={className}
    />
  );
}
