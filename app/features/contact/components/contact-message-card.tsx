import { Form, useNavigation } from "react-router";
import { StatusBadge } from "~/components/kit/status-badge";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import {
  CONTACT_INBOX_TEXT,
  CONTACT_STATUS_LABELS,
  replyHref,
  type ContactInboxMessage,
  type ContactStatusAnswer,
} from "../contact-inbox";

const OUTLINE = buttonClasses(
  "outline",
  "px-4 dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
);

/** One message of the inbox: who wrote, when, their words, and what staff can do with it. */
export function ContactMessageCard({
  message,
  businessName,
  canManage,
  answer,
}: {
  message: ContactInboxMessage;
  businessName: string;
  canManage: boolean;
  /** The last post's answer, shown here when it was about this message */
  answer: ContactStatusAnswer | undefined;
}) {
  const headingId = `message-${message.id}`;
  // Once JavaScript runs, a success is the toast's to announce; before, and for a refusal, the
  // line under the message says it.
  const hydrated = useHydrated();
  const answered = answer?.id === message.id ? answer : undefined;
  const mine = answered && (answered.error || !hydrated) ? answered : undefined;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-lg border border-line bg-white p-4 sm:p-5 dark:border-ivory/10 dark:bg-ink-raised"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-base font-semibold">
              {message.name}
            </h2>
            <p className="text-sm text-muted dark:text-mist">
              Received {formatDateTime(message.receivedAt)}
              {message.handledAt && `, handled ${formatDateTime(message.handledAt)}`}
            </p>
          </div>
          <StatusBadge
            kind="contactMessage"
            status={message.status}
            label={CONTACT_STATUS_LABELS[message.status]}
          />
        </header>
        <p className="mt-2 text-sm break-words">
          {message.email} ·{" "}
          <a
            href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}
            className="underline underline-offset-4"
          >
            {message.phone}
          </a>
        </p>
        <p className="mt-3 break-words whitespace-pre-line">{message.message}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={replyHref(message, businessName)} className={OUTLINE}>
            {CONTACT_INBOX_TEXT.reply}
          </a>
          {canManage && <StatusButton message={message} />}
        </div>
        {mine && (
          <p
            role={mine.error ? "alert" : "status"}
            className={`mt-3 text-sm font-semibold ${mine.error ? "text-danger dark:text-red-300" : "text-success dark:text-emerald-300"}`}
          >
            {mine.error ?? mine.toast?.title}
          </p>
        )}
      </article>
    </li>
  );
}

/** Mark handled, or Reopen once handled: a post that works before JavaScript loads. */
function StatusButton({ message }: { message: ContactInboxMessage }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === message.id;
  const to = message.status === "open" ? "handled" : "open";
  const label = to === "handled" ? CONTACT_INBOX_TEXT.markHandled : CONTACT_INBOX_TEXT.reopen;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="id" value={message.id} />
      <input type="hidden" name="status" value={to} />
      <button
        type="submit"
        disabled={pending}
        className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
      >
        {pending ? "Saving..." : label}
      </button>
    </Form>
  );
}
