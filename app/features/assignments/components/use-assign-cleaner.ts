import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/kit/toast";
import {
  ASSIGN_TEXT,
  type AssignField,
  type AssignOptions,
  type AssignResult,
} from "../assignments";

/** Where the panel loads its cleaners from and posts its save. */
export const ASSIGN_ENDPOINT = "/admin/assign-cleaner";

export type AssignCleanerState = ReturnType<typeof useAssignCleaner>;

/**
 * The panel's choices and its save: the cleaners load for the chosen date and time, and a
 * saved assignment says so in a toast and closes the panel (`onDone`).
 */
export function useAssignCleaner(lead: { id: string }, onDone: () => void) {
  const toast = useToast();
  const options = useFetcher<AssignOptions>();
  const save = useFetcher<AssignResult>({ key: `assign-cleaner-${lead.id}` });
  const [cleanerId, setCleanerId] = useState("");
  // docs/decisions/0060-crews-and-cleaner-holds.md: empty offers the next open seat.
  const [seat, setSeat] = useState("");
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
  const href = `${ASSIGN_ENDPOINT}?${query}`;
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
  return {
    save,
    cleaners: options.data?.cleaners,
    cleanerId,
    setCleanerId,
    seat,
    setSeat,
    seats: loadedLead?.seats ?? [],
    nextSeat: loadedLead?.nextSeat ?? null,
    date,
    setDate,
    slot,
    setSlot,
    failure,
    fieldError,
    blocked,
    missing,
    saving,
    ready,
  };
}
