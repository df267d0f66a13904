import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SelectField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { Dialog } from "~/components/kit/dialog";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast, type ResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import {
  NewPayoutSchema,
  newPayoutReference,
  OTHER_PAYMENT_REASON_LABELS,
  OTHER_PAYMENT_REASONS,
} from "../finance.schema";

const DIALOG_DESCRIPTION =
  "For a bonus, a reimbursement or another one-off payment. Work is paid in pay runs, not here. Mark it paid once the transfer has gone through.";

const TRIGGER = (
  <button
    type="button"
    className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
  >
    New other payment
  </button>
);

export type PayoutActionResult = ResultToast & {
  intent: "create-payout" | "mark-paid" | "retry-payout" | "refund";
  ok?: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

/**
 * New other payment (docs/decisions/0014-buttons-that-work.md,
 * docs/decisions/0092-pay-basis-and-other-payments.md): a dialog with the cleaner, what the
 * payment is for (bonus, reimbursement, or other with a note), the period, the amount and a
 * reference. The amount is the office's to type: nothing is suggested from the work, which pay
 * runs pay, and a period already paid is no reason to refuse a bonus for it. The form carries a
 * reference of its own, so posting it twice records one payment.
 */
export function NewPayoutDialog({
  cleaners,
  defaultPeriod,
  formReference: drawnReference,
}: {
  cleaners: { id: string; name: string }[];
  defaultPeriod: { start: string; end: string };
  /** The reference the server drew the form with */
  formReference: string;
}) {
  const { open, setOpen, fetcher, result, fields, formProps, saving, formReference } = useNewPayout(
    defaultPeriod,
    drawnReference,
  );
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="New other payment"
      description={DIALOG_DESCRIPTION}
      trigger={TRIGGER}
    >
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="create-payout" />
        <input type="hidden" name="formReference" value={formReference} />
        <FormMessage message={result?.error} />
        <SelectField meta={fields.cleanerId} label="Cleaner" aria-required="true">
          <option value="">Choose a cleaner</option>
          {cleaners.map((cleaner) => (
            <option key={cleaner.id} value={cleaner.id}>
              {cleaner.name}
            </option>
          ))}
        </SelectField>
        <ReasonFields fields={fields} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.periodStart} label="Period from" type="date" />
          <TextField meta={fields.periodEnd} label="Period to" type="date" />
        </div>
        <TextField
          meta={fields.amount}
          label="Amount (AUD)"
          inputMode="decimal"
          autoComplete="off"
          aria-required="true"
        />
        <TextField
          meta={fields.reference}
          label="Reference"
          hint="Optional: one is made when left blank"
          autoComplete="off"
        />
        <button
          type="submit"
          disabled={saving}
          className={buttonClasses(
            "ink",
            "w-full dark:bg-gold dark:text-ink dark:hover:bg-gold-light",
          )}
        >
          {saving ? "Saving..." : "Record payment"}
        </button>
      </fetcher.Form>
    </Dialog>
  );
}

type PaymentFields = ReturnType<typeof useNewPayout>["fields"];

/** What the payment is for: required, and Other needs a note. */
function ReasonFields({ fields }: { fields: PaymentFields }) {
  return (
    <>
      <SelectField meta={fields.reasonKind} label="What is it for?" aria-required="true">
        <option value="">Choose one</option>
        {OTHER_PAYMENT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {OTHER_PAYMENT_REASON_LABELS[reason]}
          </option>
        ))}
      </SelectField>
      <TextField
        meta={fields.reasonNote}
        label="Note"
        hint="Needed for Other; for example Parking at the Mosman job"
        autoComplete="off"
      />
    </>
  );
}

/**
 * The dialog's open state and form. A recorded payment closes the dialog (once per answer); the
 * table below shows it. The form's reference is kept while the dialog is open, so a post sent
 * again is that payment again, and a new one is drawn whenever it closes, so the next opening is
 * a new payment.
 */
function useNewPayout(defaultPeriod: { start: string; end: string }, drawnReference: string) {
  const [open, setDialogOpen] = useState(false);
  const [formReference, setFormReference] = useState(drawnReference);
  const setOpen = useCallback((next: boolean) => {
    if (!next) setFormReference(newPayoutReference());
    setDialogOpen(next);
  }, []);
  const fetcher = useFetcher<PayoutActionResult>();
  const result = fetcher.data?.intent === "create-payout" ? fetcher.data : undefined;
  const { form, fields, formProps } = useAppForm(NewPayoutSchema, {
    id: "new-payout",
    result,
    defaultValue: { periodStart: defaultPeriod.start, periodEnd: defaultPeriod.end },
  });
  useResultToast(result);

  const closedFor = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!result?.ok || closedFor.current === result) return;
    closedFor.current = result;
    setOpen(false);
    form.reset();
  }, [result, form, setOpen]);

  const saving = fetcher.state !== "idle";
  return { open, setOpen, fetcher, result, fields, formProps, saving, formReference };
}
