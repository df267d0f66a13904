import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SelectField, TextareaField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { Dialog } from "~/components/kit/dialog";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast, type ResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import {
  NewPayoutSchema,
  OTHER_PAYMENT_REASON_LABELS,
  OTHER_PAYMENT_REASONS,
} from "../finance.schema";
import { formatHours, formatMoney, formatPlainAmount, formatRate } from "~/lib/format";

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

export const PAYOUT_SUGGESTION_PATH = "/admin/finance/payout-suggestion";

export type PayoutActionResult = ResultToast & {
  intent: "create-payout" | "mark-paid" | "retry-payout" | "refund";
  ok?: boolean;
  /** New Payout: the period is already paid, so it may only be recorded as an adjustment */
  overlap?: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

type Suggestion = {
  jobs: number;
  hours: number;
  rateCents: number;
  /** What the period's jobs earned, and what payouts for the period already hold */
  earnedCents: number;
  alreadyPaidCents: number;
  /** Tips paid in the period: wholly the cleaner's (docs/decisions/0078-tips-go-to-the-crew.md) */
  tipsCents: number;
  /** What is still owed: earned plus tips less already paid, never below $0 */
  amountCents: number;
};

/**
 * New other payment (docs/decisions/0014-buttons-that-work.md,
 * docs/decisions/0092-pay-basis-and-other-payments.md): a dialog with the cleaner, what the
 * payment is for (bonus, reimbursement, or other with a note), the period,
 * the amount (suggested from the cleaner's finished jobs at the pay rate, less what was already
 * paid for the period) and a reference. A period already paid is refused next to the period, and
 * the dialog then offers "Record as an adjustment" with a required reason
 * (docs/decisions/0043-payouts-and-refunds.md).
 */
export function NewPayoutDialog({
  cleaners,
  defaultPeriod,
}: {
  cleaners: { id: string; name: string }[];
  defaultPeriod: { start: string; end: string };
}) {
  const { open, setOpen, fetcher, result, form, fields, formProps, suggested, saving } =
    useNewPayout(defaultPeriod);
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
        <div aria-live="polite" className="text-sm text-ink-soft dark:text-mist">
          {suggested && (
            <SuggestedAmount
              suggested={suggested}
              onUse={() =>
                form.update({
                  name: fields.amount.name,
                  value: formatPlainAmount(suggested.amountCents),
                })
              }
            />
          )}
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
        {result?.overlap && <AdjustmentFields reason={fields.adjustmentReason} saving={saving} />}
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

/** Offered once a period is refused as already paid: the same payout, as an adjustment. */
function AdjustmentFields({
  reason,
  saving,
}: {
  reason: ReturnType<typeof useNewPayout>["fields"]["adjustmentReason"];
  saving: boolean;
}) {
  return (
    <fieldset className="space-y-3 border-t border-ink/10 pt-4 dark:border-ivory/20">
      <legend className="sr-only">Record as an adjustment</legend>
      <p className="text-sm">
        If this payout is meant to correct one already made for the period, record it as an
        adjustment and say why.
      </p>
      <TextareaField meta={reason} label="Reason for the adjustment" aria-required="true" />
      <button
        type="submit"
        name="adjustment"
        value="yes"
        disabled={saving}
        className={buttonClasses(
          "outline",
          "w-full dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
        )}
      >
        Record as an adjustment
      </button>
    </fieldset>
  );
}

function SuggestedAmount({ suggested, onUse }: { suggested: Suggestion; onUse: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-2">
      Suggested: {formatMoney(suggested.amountCents)} ({suggested.jobs}{" "}
      {suggested.jobs === 1 ? "job" : "jobs"}, {formatHours(suggested.hours)} at{" "}
      {formatRate(suggested.rateCents)} an hour
      {suggested.tipsCents > 0 && `, plus ${formatMoney(suggested.tipsCents)} in tips`}
      {suggested.alreadyPaidCents > 0 &&
        `, less ${formatMoney(suggested.alreadyPaidCents)} already paid for this period`}
      )
      {suggested.amountCents > 0 && (
        <button
          type="button"
          className="min-h-11 font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
          onClick={onUse}
        >
          Use this amount
        </button>
      )}
    </p>
  );
}

/**
 * The dialog's open state and form; the suggested amount, loaded for the chosen cleaner and
 * period. A recorded payout closes the dialog (once per answer); the table below shows it.
 */
function useNewPayout(defaultPeriod: { start: string; end: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<PayoutActionResult>();
  const suggestion = useFetcher<Suggestion | null>();
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
  }, [result, form]);

  const cleanerId = fields.cleanerId.value;
  const periodStart = fields.periodStart.value;
  const periodEnd = fields.periodEnd.value;
  const load = suggestion.load;
  useEffect(() => {
    if (!cleanerId || !periodStart || !periodEnd || periodStart > periodEnd) return;
    const query = new URLSearchParams({ cleanerId, periodStart, periodEnd });
    void load(`${PAYOUT_SUGGESTION_PATH}?${query.toString()}`);
  }, [cleanerId, periodStart, periodEnd, load]);
  const suggested = cleanerId ? suggestion.data : null;

  const saving = fetcher.state !== "idle";
  return { open, setOpen, fetcher, result, form, fields, formProps, suggested, saving };
}
