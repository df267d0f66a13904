import { Form, useSubmit } from "react-router";
import { Field, NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";

/**
 * A GET form of filters, so it works before JavaScript loads (choose, then Show); once it has,
 * a change submits at once.
 */
export function FilterForm({
  className = "",
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className={`flex flex-wrap items-end gap-3 ${className}`}
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {children}
      <button
        type="submit"
        className={buttonClasses(
          "outline",
          "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
        )}
      >
        Show
      </button>
    </Form>
  );
}

/** One select of a filter form, with a label for each option. */
export function FilterSelect<T extends string | number>({
  id,
  label,
  name,
  value,
  options,
  labels,
}: {
  id: string;
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <NativeSelect
          name={name}
          defaultValue={String(value)}
          key={String(value)}
          className="w-auto"
          {...control}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
