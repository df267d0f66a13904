import { Form } from "react-router";
import { Field, Input } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import type { ChecklistLine } from "../job-visits";
import { SKIP_REASON_MAX, skipReasonField } from "../job-visits.schema";
import { useIntentBusy } from "./visit-step-forms";

/**
 * The job's checklist. Each item is a small form of its own, so ticking works without
 * JavaScript; `open` is false before check-in and after check-out (read only then).
 */
export function JobChecklist({ items, open }: { items: ChecklistLine[]; open: boolean }) {
  const done = items.filter((item) => item.tickedBy).length;
  return (
    <section aria-labelledby="checklist-heading" className="mt-8">
      <h2 id="checklist-heading" className="text-sm font-semibold tracking-[0.15em] uppercase">
        Checklist
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        {done} of {items.length} done{open ? "" : ". It opens when you check in."}
      </p>
      <ul className="mt-3 grid gap-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex items-start justify-between gap-3 rounded-md border border-line bg-white px-4 py-3"
          >
            <div>
              <p className={item.tickedBy ? "font-semibold" : ""}>
                {item.label}
                {item.fromNotes && (
                  <span className="ml-2 text-xs text-ink-soft">(office note)</span>
                )}
              </p>
              {item.tickedBy && <p className="text-sm text-success">{item.tickedBy}</p>}
              {!item.tickedBy && item.skipReason && (
                <p className="text-sm text-ink-soft">Not done: {item.skipReason}</p>
              )}
            </div>
            {open && (
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="tick" />
                <input type="hidden" name="itemId" value={item.id} />
                <input type="hidden" name="done" value={item.tickedBy ? "0" : "1"} />
                <button
                  type="submit"
                  aria-label={`${item.tickedBy ? "Untick" : "Tick"}: ${item.label}`}
                  className={buttonClasses(item.tickedBy ? "outline" : "ink", "px-4")}
                >
                  {item.tickedBy ? "Undo" : "Done"}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Check out: a short reason for each item still unticked (that no crew mate gave one for). */
export function CheckOutForm({
  items,
  errors,
  message,
}: {
  items: ChecklistLine[];
  errors?: Record<string, string>;
  message?: string;
}) {
  const busy = useIntentBusy("check-out");
  const unticked = items.filter((item) => !item.tickedBy && !item.skipReason);
  return (
    // Folded until the cleaner is ready, so the reasons' fields do not sit under the list all
    // day; a refused check-out comes back open with its messages.
    <details
      className="mt-8 rounded-lg border border-line bg-white p-5"
      open={Boolean(errors || message)}
    >
      <summary className="min-h-11 cursor-pointer py-2 font-display text-xl font-medium">
        Check out
      </summary>
      <Form method="post" className="mt-3 grid gap-4">
        <input type="hidden" name="intent" value="check-out" />
        {unticked.length > 0 && (
          <p className="text-sm">Some items are not ticked. Say briefly why each was not done.</p>
        )}
        {unticked.map((item) => {
          const name = skipReasonField(item.id);
          return (
            <Field
              key={item.id}
              label={`Why not done: ${item.label}`}
              error={errors?.[name]}
              id={name}
            >
              {(control) => <Input {...control} name={name} maxLength={SKIP_REASON_MAX} />}
            </Field>
          );
        })}
        {message && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {message}
          </p>
        )}
        <button type="submit" disabled={busy} className={buttonClasses("ink", "w-full")}>
          {busy ? "Checking out..." : "Check out"}
        </button>
      </Form>
    </details>
  );
}
