import * as Menu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { ConfirmDialog, Dialog } from "~/components/kit/dialog";
import { Field, Input, Textarea } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { MENU_ITEM } from "~/components/kit/surface";
import { useToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import type { QuoteStatus } from "~/server/database";
import { parseValues } from "~/lib/forms";
import {
  defaultMessageSubject,
  LeadMessageSchema,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  type LeadActionAnswer,
  type LeadActionIntent,
} from "../lead-row-actions";

// Invoice, Request review, Message and Complete job (docs/decisions/0022-row-actions-and-instant-drag.md),
// from a row's or a card's menu and from the quote details. Each posts to /admin/quotes/{id} and
// answers with a toast; Invoice then opens the printable invoice.

export type ActionLead = {
  id: string;
  name: string;
  reference: string;
  status: QuoteStatus;
  /** Only a priced lead can be invoiced */
  priced: boolean;
};

const OUTLINE = buttonClasses("outline", "dark:border-ivory/40 dark:text-ivory");

/** The four actions' shared state: the fetcher, the toast, the Message and Complete dialogs. */
export function useLeadRowActions(lead: ActionLead, returnFocusTo?: string) {
  const fetcher = useFetcher<LeadActionAnswer>();
  const toast = useToast();
  const navigate = useNavigate();
  // The Message dialog is open from the answer it was opened after until a message is sent.
  const [messagingSince, setMessagingSince] = useState<{ after?: LeadActionAnswer } | null>(null);
  const [completing, setCompleting] = useState(false);
  const answered = useRef<LeadActionAnswer | undefined>(undefined);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!answer || answered.current === answer) return;
    answered.current = answer;
    if (answer.fieldErrors) return; // shown beside the Message form's fields
    toast({ tone: answer.ok ? "saved" : "failed", title: answer.message });
    if (answer.ok && answer.invoiceUrl) void navigate(answer.invoiceUrl);
  }, [answer, toast, navigate]);

  const post = (intent: LeadActionIntent, fields: Record<string, string> = {}) =>
    void fetcher.submit(
      { intent, ...fields },
      { method: "post", action: `/admin/quotes/${lead.id}` },
    );

  const busy = fetcher.state !== "idle";
  const sent = answer?.intent === "message" && answer.ok;
  const messaging = messagingSince !== null && !(sent && answer !== messagingSince.after);
  const canComplete = lead.status === "assigned";
  // A review is asked for after the clean (Complete job asks by itself).
  const canRequestReview = lead.status === "completed";

  const dialogs = (
    <>
      <Dialog
        title={`Message ${lead.name}`}
        description="Emailed to the client; kept on the lead's timeline."
        open={messaging}
        onOpenChange={(open) => setMessagingSince(open ? { after: answer } : null)}
      >
        <MessageForm
          lead={lead}
          busy={busy && fetcher.formData?.get("intent") === "message"}
          answer={answer?.intent === "message" ? answer : undefined}
          onSend={(subject, body) => post("message", { subject, body })}
        />
      </Dialog>
      <ConfirmDialog
        title={`Complete the job for ${lead.name}?`}
        description="The job is marked completed, the cleaner's completed jobs go up by one, and the client is emailed a review request."
        confirmLabel="Complete job"
        open={completing}
        onOpenChange={setCompleting}
        returnFocusTo={returnFocusTo}
        onConfirm={() => post("complete")}
      />
    </>
  );

  return {
    busy,
    canComplete,
    canRequestReview,
    invoice: () => post("invoice"),
    requestReview: () => post("request-review"),
    message: () => setMessagingSince({ after: answer }),
    complete: () => setCompleting(true),
    dialogs,
  };
}

type LeadRowActions = ReturnType<typeof useLeadRowActions>;

/** The four items of a row's or card's action menu. */
export function LeadRowMenuItems({ lead, actions }: { lead: ActionLead; actions: LeadRowActions }) {
  return (
    <>
      {lead.priced && (
        <Menu.Item className={MENU_ITEM} onSelect={actions.invoice}>
          Invoice
        </Menu.Item>
      )}
      {actions.canRequestReview && (
        <Menu.Item className={MENU_ITEM} onSelect={actions.requestReview}>
          Request review
        </Menu.Item>
      )}
      <Menu.Item className={MENU_ITEM} onSelect={actions.message}>
        Message
      </Menu.Item>
      {actions.canComplete && (
        <Menu.Item className={MENU_ITEM} onSelect={actions.complete}>
          Complete job
        </Menu.Item>
      )}
    </>
  );
}

/** The same actions as buttons in the quote details, with the lead's invoices. */
export function LeadActionButtons({
  lead,
  invoices = [],
}: {
  lead: ActionLead;
  invoices?: { id: string; number: string; amount: string; state: string }[];
}) {
  const actions = useLeadRowActions(lead);
  return (
    <section
      aria-label="Actions"
      className="space-y-3 border-t border-line pt-4 dark:border-ivory/10"
    >
      <div className="flex flex-wrap gap-2">
        {lead.priced && (
          <button
            type="button"
            className={OUTLINE}
            disabled={actions.busy}
            onClick={actions.invoice}
          >
            Invoice
          </button>
        )}
        {actions.canRequestReview && (
          <button
            type="button"
            className={OUTLINE}
            disabled={actions.busy}
            onClick={actions.requestReview}
          >
            Request review
          </button>
        )}
        <button type="button" className={OUTLINE} onClick={actions.message}>
          Message
        </button>
        {actions.canComplete && (
          <button
            type="button"
            className={buttonClasses("ink", "dark:bg-gold dark:text-ink")}
            disabled={actions.busy}
            onClick={actions.complete}
          >
            Complete job
          </button>
        )}
      </div>
      {invoices.length > 0 && (
        <ul className="space-y-1">
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <a className="font-semibold underline" href={`/admin/invoices/${invoice.id}`}>
                Invoice {invoice.number}
              </a>{" "}
              <span className="text-muted dark:text-mist">
                {invoice.amount}, {invoice.state}
              </span>
            </li>
          ))}
        </ul>
      )}
      {actions.dialogs}
    </section>
  );
}

function MessageForm({
  lead,
  busy,
  answer,
  onSend,
}: {
  lead: ActionLead;
  busy: boolean;
  answer?: LeadActionAnswer;
  onSend: (subject: string, body: string) => void;
}) {
  // The same schema as the server's, checked first here so a slip never needs a round trip.
  const [local, setLocal] = useState<{ subject?: string; body?: string } | null>(null);
  const errors = local ?? answer?.fieldErrors ?? {};
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const values = {
          subject: String(form.get("subject") ?? ""),
          body: String(form.get("body") ?? ""),
        };
        const parsed = parseValues(values, LeadMessageSchema);
        if (!parsed.ok) {
          setLocal(parsed.fieldErrors);
          return;
        }
        setLocal(null);
        onSend(values.subject, values.body);
      }}
    >
      <Field id={`message-subject-${lead.id}`} label="Subject" error={errors.subject}>
        {(control) => (
          <Input
            name="subject"
            maxLength={MESSAGE_SUBJECT_MAX}
            defaultValue={defaultMessageSubject(lead.reference)}
            {...control}
          />
        )}
      </Field>
      <Field id={`message-body-${lead.id}`} label="Message" error={errors.body}>
        {(control) => <Textarea name="body" rows={6} maxLength={MESSAGE_BODY_MAX} {...control} />}
      </Field>
      {answer && !answer.ok && !answer.fieldErrors && <FormMessage message={answer.message} />}
      <button
        type="submit"
        disabled={busy}
        className={buttonClasses("ink", "dark:bg-gold dark:text-ink")}
      >
        {busy ? "Sending..." : "Send message"}
      </button>
    </form>
  );
}
