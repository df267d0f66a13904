import { useState } from "react";
import { useSearchParams } from "react-router";
import { Dialog } from "~/components/kit/dialog";
import { Field, FieldError, Input, NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { ASSIGN_TEXT, type CleanerOption } from "../assignments";
import { formatTimeSlot } from "~/lib/format";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import { sydneyDate } from "~/lib/sydney-time";
import { ASSIGN_ENDPOINT, useAssignCleaner, type AssignCleanerState } from "./use-assign-cleaner";

// docs/product/back-office.md#lead-management: the Assign Cleaner panel. A cleaner, a date and
// a time; the button is enabled only when all three are chosen. The cleaners come from
// /admin/assign-cleaner, checked against the chosen time; the save posts there too.

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

function AssignCleanerForm({ lead, onDone }: { lead: AssignLead; onDone: () => void }) {
  const assign = useAssignCleaner(lead, onDone);
  const { save, fieldError, blocked, missing, failure } = assign;

  return (
    <save.Form method="post" action={ASSIGN_ENDPOINT} className="space-y-4 text-sm">
      <input type="hidden" name="quoteId" value={lead.id} />
      {(blocked || missing) && <FormMessage message={blocked ?? missing ?? undefined} />}
      <WhenFields leadId={lead.id} assign={assign} />
      {assign.seats.length > 1 && <SeatField leadId={lead.id} assign={assign} />}
      <CleanerChoice
        leadId={lead.id}
        cleaners={assign.cleaners}
        value={assign.cleanerId}
        onChange={assign.setCleanerId}
        error={fieldError("cleanerId")}
      />
      {failure && !failure.fieldErrors && <FormMessage message={failure.message} />}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonClasses("outline")} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" disabled={!assign.ready} className={buttonClasses("ink")}>
          {assign.saving ? "Assigning..." : ASSIGN_TEXT.submit}
        </button>
      </div>
    </save.Form>
  );
}

/** The date and time the cleaner is wanted; each choice re-checks who is free. */
function WhenFields({ leadId, assign }: { leadId: string; assign: AssignCleanerState }) {
  // Sydney's today: the business's calendar, whatever the browser's time zone.
  const today = sydneyDate(new Date());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`assign-date-${leadId}`} label="Date" error={assign.fieldError("date")}>
        {(control) => (
          <Input
            type="date"
            name="date"
            min={today}
            value={assign.date}
            onChange={(event) => assign.setDate(event.target.value)}
            required
            {...control}
          />
        )}
      </Field>
      <Field id={`assign-slot-${leadId}`} label="Time" error={assign.fieldError("timeSlot")}>
        {(control) => (
          <NativeSelect
            name="timeSlot"
            value={assign.slot}
            onChange={(event) => assign.setSlot(event.target.value)}
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
  );
}

/**
 * docs/decisions/0060-crews-and-cleaner-holds.md: which seat of the crew the offer is for; the
 * next open one unless staff choose. An accepted seat cannot be offered again.
 */
function SeatField({ leadId, assign }: { leadId: string; assign: AssignCleanerState }) {
  const next = assign.nextSeat;
  return (
    <Field
      id={`assign-seat-${leadId}`}
      label={ASSIGN_TEXT.seatLabel}
      error={assign.fieldError("seat")}
    >
      {(control) => (
        <NativeSelect
          name="seat"
          value={assign.seat}
          onChange={(event) => assign.setSeat(event.target.value)}
          {...control}
        >
          <option value="">
            {ASSIGN_TEXT.nextOpenSeat}
            {next ? ` (seat ${next} of ${assign.seats.length})` : ""}
          </option>
          {assign.seats
            .filter((seat) => seat.state !== "accepted")
            .map((seat) => (
              <option key={seat.seat} value={String(seat.seat)}>
                {ASSIGN_TEXT.seatOption(seat)}
              </option>
            ))}
        </NativeSelect>
      )}
    </Field>
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
                  <FreeOrWhyNot cleaner={cleaner} />
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

/** docs/decisions/0042-who-is-free-for-a-job.md: free at the chosen time, or why not. */
function FreeOrWhyNot({ cleaner }: { cleaner: CleanerOption }) {
  if (cleaner.reason) {
    return (
      <span className="block font-semibold text-danger dark:text-red-300">{cleaner.reason}</span>
    );
  }
  if (!cleaner.free) return null;
  return (
    <span className="block font-semibold text-success dark:text-emerald-300">
      Free at that time
    </span>
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
