import { useState } from "react";
import { Dialog } from "~/components/kit/dialog";
import { Field, Textarea } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { LEADS_TEXT, LOST_REASON_MAX, LostReasonSchema, type LeadSummary } from "../leads";

/** A move to Lost that waits for its reason, and where focus goes back afterwards. */
export type LostRequest = { lead: LeadSummary; returnFocusTo?: string };

/**
 * docs/decisions/0057-paid-work-to-lost-needs-a-reason.md: a lead with paid or completed work
 * goes to Lost only with a reason. The same dialog follows a drop (pointer or keyboard) and the
 * Move to… menu; the server refuses the move without a reason as well.
 */
export function LostReasonDialog({
  request,
  onCancel,
  onConfirm,
}: {
  request: LostRequest | null;
  onCancel: () => void;
  onConfirm: (lead: LeadSummary, reason: string) => void;
}) {
  const [error, setError] = useState<string>();
  const lead = request?.lead;
  // Kept after the dialog closes (the request is gone by then), so focus can go back.
  const [returnFocusTo, setReturnFocusTo] = useState<string>();
  if (request && request.returnFocusTo !== returnFocusTo) setReturnFocusTo(request.returnFocusTo);
  const close = () => {
    setError(undefined);
    onCancel();
  };
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!lead) return;
    const typed = String(new FormData(event.currentTarget).get("reason") ?? "");
    const parsed = LostReasonSchema.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? LEADS_TEXT.lostReasonRequired);
      return;
    }
    if (!parsed.data) {
      setError(LEADS_TEXT.lostReasonRequired);
      return;
    }
    setError(undefined);
    onConfirm(lead, parsed.data);
  };
  return (
    <Dialog
      title={lead ? LEADS_TEXT.lostTitle(lead.name) : LEADS_TEXT.lostConfirm}
      description={LEADS_TEXT.lostDescription}
      open={request !== null}
      onOpenChange={(open) => !open && close()}
      returnFocusTo={returnFocusTo}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="lost-reason" label={LEADS_TEXT.lostReasonLabel} error={error}>
          {(control) => (
            <Textarea
              name="reason"
              rows={3}
              required
              aria-required="true"
              maxLength={LOST_REASON_MAX}
              {...control}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={close}
            className={buttonClasses(
              "outline",
              "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
            )}
          >
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClasses("ink", "bg-danger! text-white! hover:bg-danger/90!")}
          >
            {LEADS_TEXT.lostConfirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
