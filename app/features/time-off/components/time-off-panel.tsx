import { Form, useNavigation } from "react-router";
import { Field, Input } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { formatShortDate } from "~/lib/format";
import { TIME_OFF_TEXT } from "../time-off-copy";

type Entry = {
  id: string;
  startsOn: string;
  endsOn: string;
  status: keyof typeof TIME_OFF_TEXT.status;
};

/** The cleaner's time off with each entry's status, and the form asking for more. */
export function TimeOffPanel({
  entries,
  today,
  fieldErrors,
}: {
  entries: Entry[];
  today: string;
  fieldErrors?: Record<string, string | undefined>;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "time-off";
  return (
    <>
      {entries.length === 0 ? (
        <p className="mt-4 text-ink-soft">{TIME_OFF_TEXT.noTimeOff}</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-white p-4"
            >
              <div>
                <p className="font-semibold">
                  {formatShortDate(entry.startsOn)} – {formatShortDate(entry.endsOn)}
                </p>
                <p className="text-sm text-ink-soft">{TIME_OFF_TEXT.status[entry.status]}</p>
              </div>
              {entry.status !== "refused" && (
                <Form method="post">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="timeOffId" value={entry.id} />
                  <button type="submit" className={buttonClasses("outline", "min-h-10 px-4")}>
                    {entry.status === "requested" ? TIME_OFF_TEXT.withdraw : TIME_OFF_TEXT.remove}
                    <span className="sr-only">
                      {" "}
                      {formatShortDate(entry.startsOn)} to {formatShortDate(entry.endsOn)}
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="time-off" />
        <div className="grid grid-cols-2 gap-4">
          <Field label={TIME_OFF_TEXT.firstDay} error={fieldErrors?.startsOn} id="time-off-starts">
            {(control) => <Input {...control} type="date" name="startsOn" min={today} required />}
          </Field>
          <Field label={TIME_OFF_TEXT.lastDay} error={fieldErrors?.endsOn} id="time-off-ends">
            {(control) => <Input {...control} type="date" name="endsOn" min={today} required />}
          </Field>
        </div>
        <div>
          <button type="submit" className={buttonClasses("ink", "px-5")} disabled={busy}>
            {busy ? TIME_OFF_TEXT.requesting : TIME_OFF_TEXT.request}
          </button>
        </div>
      </Form>
    </>
  );
}
