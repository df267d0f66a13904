import { Form, Link } from "react-router";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_TEXT,
  type AuditFilterField,
  type StaffOption,
} from "../audit-log";

// The audit screen's filters: a plain GET form, so a filtered page is a URL an owner can keep or
// share, and it works before JavaScript loads. Filtering starts again from the newest entry.

export function AuditFilters({
  values,
  errors,
  staff,
}: {
  values: Record<AuditFilterField, string>;
  errors: Partial<Record<AuditFilterField, string>>;
  staff: StaffOption[];
}) {
  const listed = AUDIT_ACTION_OPTIONS.some((option) => option.value === values.action);
  return (
    <Form
      method="get"
      className="mb-6 grid items-end gap-4 rounded-lg border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-ivory/10 dark:bg-ink-raised"
    >
      <Field id="audit-action" label="Action" error={errors.action}>
        {(control) => (
          <NativeSelect name="action" defaultValue={values.action} {...control}>
            <option value="">All actions</option>
            {!listed && values.action && <option value={values.action}>{values.action}</option>}
            {AUDIT_ACTION_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="audit-who" label="Who" error={errors.who}>
        {(control) => (
          <NativeSelect name="who" defaultValue={values.who} {...control}>
            <option value="">Anyone</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field
        id="audit-subject"
        label="Thing changed"
        hint="A lead or booking reference, or an id"
        error={errors.subject}
      >
        {(control) => (
          <Input
            name="subject"
            defaultValue={values.subject}
            autoComplete="off"
            spellCheck={false}
            {...control}
          />
        )}
      </Field>
      <Field id="audit-from" label="From" hint="Sydney date" error={errors.from}>
        {(control) => <Input type="date" name="from" defaultValue={values.from} {...control} />}
      </Field>
      <Field id="audit-to" label="To" hint="Sydney date, included" error={errors.to}>
        {(control) => <Input type="date" name="to" defaultValue={values.to} {...control} />}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
        >
          {AUDIT_TEXT.show}
        </button>
        <Link
          to="/admin/audit"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
        >
          {AUDIT_TEXT.clear}
        </Link>
      </div>
    </Form>
  );
}
