import { Form, useNavigation } from "react-router";
import { Checkbox, Field, FieldError, Input } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { CLEANER_DAY_OPTIONS } from "~/features/cleaners/cleaner-admin-copy";
import { TIME_OFF_TEXT } from "../time-off-copy";

type Pattern = { days: string[]; startsAt: string; endsAt: string };

/** The cleaner's days (tick boxes) and hours (two clock times); saved with no approval. */
export function WorkingPatternForm({
  pattern,
  fieldErrors,
}: {
  pattern: Pattern;
  fieldErrors?: Record<string, string | undefined>;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "pattern";
  return (
    <Form method="post" className="mt-4 grid gap-5" noValidate>
      <input type="hidden" name="intent" value="pattern" />
      <fieldset aria-describedby={fieldErrors?.days ? "pattern-days-error" : undefined}>
        <legend className="text-sm font-semibold">{TIME_OFF_TEXT.days}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CLEANER_DAY_OPTIONS.map((day) => (
            <Checkbox
              key={day}
              name="days"
              value={day}
              label={day}
              defaultChecked={pattern.days.includes(day)}
            />
          ))}
        </div>
        <FieldError id="pattern-days-error" error={fieldErrors?.days} />
      </fieldset>
      <div className="grid grid-cols-2 gap-4">
        <Field label={TIME_OFF_TEXT.startsAt} error={fieldErrors?.startsAt} id="pattern-starts-at">
          {(control) => (
            <Input
              {...control}
              type="time"
              name="startsAt"
              defaultValue={pattern.startsAt}
              required
            />
          )}
        </Field>
        <Field label={TIME_OFF_TEXT.endsAt} error={fieldErrors?.endsAt} id="pattern-ends-at">
          {(control) => (
            <Input {...control} type="time" name="endsAt" defaultValue={pattern.endsAt} required />
          )}
        </Field>
      </div>
      <div>
        <button type="submit" className={buttonClasses("ink", "px-5")} disabled={busy}>
          {busy ? TIME_OFF_TEXT.saving : TIME_OFF_TEXT.savePattern}
        </button>
      </div>
    </Form>
  );
}
