import { useEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { Dialog } from "~/components/kit/dialog";
import { Field, FieldError, Input, NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { useToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import {
  ASSIGN_TEXT,
  type AssignField,
  type AssignOptions,
  type AssignResult,
  type CleanerOption,
} from "../assignments";
import { formatTimeSlot } from "~/lib/format";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { sydneyDate } from "~/lib/sydney-time";

// docs/product/back-office.md#lead-management: the Assign Cleaner panel. A cleaner, a date and
// a time; the button is enabled only when all three are chosen. The cleaners come from
// /admin/assign-cleaner, checked against the chosen time; the save posts there too.

const ENDPOINT = "/admin/assign-cleaner";

export type AssignLead = { id: string; name: string };

/**
 * The panel as a dialog. `returnFocusTo` is the id focus goes back to on closing (the menu
 * button it was opened from), since a dialog opened from a menu has no trigger of its own.
 */
export function AssignCleanerDialog({
  lead,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  lead: AssignLead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: string;
}) {
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next && returnFocusTo) {
      setTimeout(() => document.getElementById(returnFocusTo)?.focus(), 0);
    }
  };
  return (
    <Dialog title={`${ASSIGN_TEXT.title}: ${lead.name}`} open={open} onOpenChange={change}>
      {open && <AssignCleanerForm lead={lead} onDone={() => change(false)} />}
    </Dialog>
  );
}

// eslint-disable-next-line max-lines-per-function -- a component whose state and handlers still sit beside its markup
function AssignCleanerForm({ lead, onDone }: { lead: AssignLead; onDone: () => void }) {
  const toast = useToast();
  const options = useFetcher<AssignOptions>();
  const save = useFetcher<AssignResult>({ key: `assign-cleaner-${lead.id}` });
  const [cleanerId, setCleanerId] = useState("");
  // The staff's own choice, else the booking's date and slot when the lead has a booking.
  const [dateChoice, setDate] = useState<string | null>(null);
  const [slotChoice, setSlot] = useState<string | null>(null);
  const loadedLead = options.data?.lead;
  const date = dateChoice ?? loadedLead?.date ?? "";
  const slot = slotChoice ?? loadedLead?.timeSlot ?? "";

  // The cleaners, re-checked against each date and time chosen.
  const query = new URLSearchParams({ quote: lead.id });
  if (date) query.set("date", date);
  if (slot) query.set("slot", slot);
  const href = `${ENDPOINT}?${query}`;
  useEffect(() => {
    void options.load(href);
    // options.load is stable for our use; the fetcher object changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);

  const result = save.state === "idle" ? save.data : undefined;
  const answered = useRef<AssignResult | undefined>(undefined);
  useEffect(() => {
    if (!result || answered.current === result || !result.ok) return;
    answered.current = result;
    toast({ tone: "saved", title: result.message });
    onDone();
  }, [result, toast, onDone]);

  const failure = result && !result.ok ? result : undefined;
  const fieldError = (field: AssignField) => failure?.fieldErrors?.[field];
  const blocked = loadedLead?.blocked ?? null;
  const missing = options.data && !loadedLead ? ASSIGN_TEXT.notFound : null;
  const saving = save.state !== "idle";
  const ready = Boolean(cleanerId && date && slot) && !blocked && !missing && !saving;
  // Sydney's today: the business's calendar, whatever the browser's time zone.
  const today = sydneyDate(new Date());

  return (
    <save.Form method="post" action={ENDPOINT} className="space-y-4 text-sm">
      <input type="hidden" name="quoteId" value={lead.id} />
      {(blocked || missing) && <FormMessage message={blocked ?? missing ?? undefined} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`assign-date-${lead.id}`} label="Date" error={fieldError("date")}>
          {(control) => (
            <Input
              type="date"
              name="date"
              min={today}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              required
              {...control}
            />
          )}
        </Field>
        <Field id={`assign-slot-${lead.id}`} label="Time" error={fieldError("timeSlot")}>
          {(control) => (
            <NativeSelect
              name="timeSlot"
              value={slot}
              onChange={(event) => setSlot(event.target.value)}
              required
              {...control}
            >
              <option value="">Choose a time</option>
              {TIME_SLOTS.map((value) => (
                <option key={value} value={value}>
                  {formatTimeSlot(value)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <CleanerChoice
        leadId={lead.id}
        cleaners={options.data?.cleaners}
        value={cleanerId}
        onChange={setCleanerId}
        error={fieldError("cleanerId")}
      />
      {failure && !failure.fieldErrors && <FormMessage message={failure.message} />}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonClasses("outline")} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" disabled={!ready} className={buttonClasses("ink")}>
          {saving ? "Assigning..." : ASSIGN_TEXT.submit}
        </button>
      </div>
    </save.Form>
  );
}

function CleanerChoice({
  leadId,
  cleaners,
  value,
  onChange,
  error,
}: {
  leadId: string;
  cleaners: CleanerOption[] | undefined;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const errorId = error ? `assign-cleaner-${leadId}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold">Cleaner</legend>
      <p className="mt-1 text-muted dark:text-mist">
        Available cleaners first. Choose a date and time to see who is free.
      </p>
      {!cleaners ? (
        <p aria-live="polite" className="mt-2">
          Loading cleaners…
        </p>
      ) : cleaners.length === 0 ? (
        <p className="mt-2">No cleaners are taking jobs at the moment.</p>
      ) : (
        <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto rounded-md border border-line p-1 dark:border-ivory/15">
          {cleaners.map((cleaner) => (
            <li key={cleaner.id}>
              <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-ink/5 has-checked:bg-gold/15 dark:hover:bg-ivory/10">
                <input
                  type="radio"
                  name="cleanerId"
                  value={cleaner.id}
                  checked={value === cleaner.id}
                  onChange={() => onChange(cleaner.id)}
                  className="mt-1 size-4 accent-ink dark:accent-gold"
                />
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {cleaner.name}
                    <span className="font-normal">
                      {" "}
                      · {cleaner.rating > 0 ? `${cleaner.rating.toFixed(1)} ★` : "New"} ·{" "}
                      {cleaner.status === "available" ? "Available" : "Busy"}
                    </span>
                  </span>
                  <span className="block text-muted dark:text-mist">
                    {cleaner.services.join(", ") || "No services listed"}
                  </span>
                  {cleaner.free !== null && (
                    <span
                      className={`block font-semibold ${cleaner.free ? "text-success dark:text-emerald-300" : "text-danger dark:text-red-300"}`}
                    >
                      {cleaner.free ? "Free at that time" : "Has a job at that time"}
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/**
 * A button that opens the panel, in the quote details. The details page opens it at once when
 * its address ends in ?assign=1 (the schedule links there for a job without a cleaner).
 */
export function AssignCleanerButton({ lead }: { lead: AssignLead }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get("assign") === "1");
  const id = `assign-button-${lead.id}`;
  return (
    <>
      <button id={id} type="button" className={buttonClasses("ink")} onClick={() => setOpen(true)}>
        {ASSIGN_TEXT.title}
      </button>
      <AssignCleanerDialog lead={lead} open={open} onOpenChange={setOpen} returnFocusTo={id} />
    </>
  );
}
