import { Field, Input } from "~/components/kit/field";

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
};

/** A labelled input for the two-factor forms, on the kit's Field (hint above, error below). */
export function TextField({ label, name, hint, error, inputRef, className = "", ...input }: Props) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <Input ref={inputRef} name={name} {...control} {...input} />}
    </Field>
  );
}
