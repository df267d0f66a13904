import { useFetcher } from "react-router";
import { Field, Input, Textarea } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import type { LeadDetails } from "../lead-details";
import { SEND_QUOTE_MESSAGE_MAX, type SendQuoteResult } from "../send-quote";

const SECTION = "border-t border-line pt-4 dark:border-ivory/10";
const HEADING = "text-sm font-semibold tracking-wide text-muted uppercase dark:text-mist";

/**
 * Send quote: for a request staff price themselves (status pending_quote), the hours,
 * an optional total of their own, and a message; the client is emailed a link to book.
 */
export function SendQuoteForm({ lead }: { lead: LeadDetails }) {
  const fetcher = useFetcher<SendQuoteResult>({ key: `lead-send-quote-${lead.id}` });
  const sending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  // Once sent the lead is no longer pending_quote: the form goes, its "sent" message stays.
  if (lead.status !== "pending_quote") {
    return result?.ok ? <FormMessage message={result.message} tone="success" /> : null;
  }
  return (
    <section aria-labelledby={`send-quote-${lead.id}`} className={SECTION}>
      <h3 id={`send-quote-${lead.id}`} className={HEADING}>
        Send quote
      </h3>
      <fetcher.Form
        method="post"
        action={`/admin/quotes/${lead.id}`}
        className="mt-2 space-y-3"
        noValidate
      >
        <input type="hidden" name="intent" value="send-quote" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`quote-hours-${lead.id}`} label="Hours" error={errors.hours}>
            {(control) => (
              <Input
                name="hours"
                type="number"
                inputMode="decimal"
                min={1}
                max={40}
                step={0.5}
                required
                {...control}
              />
            )}
          </Field>
          <Field
            id={`quote-total-${lead.id}`}
            label="Total (optional)"
            hint="In dollars, GST included. Empty: hours at the hourly rate."
            error={errors.total}
          >
            {(control) => <Input name="total" inputMode="decimal" {...control} />}
          </Field>
        </div>
        <Field id={`quote-message-${lead.id}`} label="Message to the client" error={errors.message}>
          {(control) => (
            <Textarea
              name="message"
              rows={3}
              maxLength={SEND_QUOTE_MESSAGE_MAX}
              required
              {...control}
            />
          )}
        </Field>
        <FormMessage message={result?.message} tone={result?.ok ? "success" : "error"} />
        <button
          type="submit"
          disabled={sending}
          className={buttonClasses("ink", "dark:bg-gold dark:text-ink")}
        >
          {sending ? "Sending..." : "Send quote"}
        </button>
      </fetcher.Form>
    </section>
  );
}
