import { useFetcher } from "react-router";
import { TextareaField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import {
  APPLICATION_INTENTS,
  APPLICATION_TEXT,
  DeclineFormSchema,
  NoteFormSchema,
  type ApplicationIntent,
  type ApplicationReview,
} from "../application-review";
import type { ProfileAnswer } from "../profile-answer";
import { ApplicationDocuments } from "./application-documents";
import { Section } from "./profile-sections";

// docs/decisions/0056-application-outcomes-and-documents.md: on a cleaner's profile, the
// application's outcome (decline with a reason, or reopen), staff notes newest first, and the
// documents attached to it (owners only).

export const SUBMIT = buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light");
const SECONDARY = buttonClasses("outline", "dark:border-ivory/40 dark:text-ivory");

/** A fetcher for one of the application's forms, its answer and a toast when it comes. */
export function useApplicationForm(intent: ApplicationIntent) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === intent ? fetcher.data : undefined;
  useResultToast(answer);
  return { fetcher, answer, busy: fetcher.state !== "idle" };
}

export function ApplicationPanel({
  cleanerId,
  review,
  canManage,
}: {
  cleanerId: string;
  review: ApplicationReview;
  canManage: boolean;
}) {
  return (
    <Section id="application" title={APPLICATION_TEXT.heading}>
      <div className="space-y-8">
        {(review.applicant || review.declined) && (
          <Outcome
            // A new form once the outcome changes, so a typed reason does not linger.
            key={review.declined ? "declined" : "open"}
            declined={review.declined}
            canManage={canManage}
          />
        )}
        <Notes notes={review.notes} canManage={canManage} />
        <ApplicationDocuments cleanerId={cleanerId} documents={review.documents} />
      </div>
    </Section>
  );
}

function Outcome({
  declined,
  canManage,
}: {
  declined: ApplicationReview["declined"];
  canManage: boolean;
}) {
  if (declined) {
    return (
      <div className="space-y-3">
        <h3 className="font-semibold">Declined</h3>
        <p className="text-sm">
          Declined by {declined.by} on {formatDateTime(declined.at)}. The applicant was emailed.
        </p>
        <p className="text-sm">
          <span className="font-semibold">Reason: </span>
          <span className="whitespace-pre-line">{declined.reason}</span>
        </p>
        {canManage && <ReopenForm />}
      </div>
    );
  }
  return canManage ? <DeclineForm /> : <p className="text-sm">Awaiting review.</p>;
}

function ReopenForm() {
  const { fetcher, answer, busy } = useApplicationForm(APPLICATION_INTENTS.reopen);
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={APPLICATION_INTENTS.reopen} />
      <p className="text-sm text-muted dark:text-mist">
        Reopen the application to approve it or decide again. Nobody is emailed.
      </p>
      <FormMessage message={answer?.formError} />
      <button type="submit" disabled={busy} className={SECONDARY}>
        {busy ? "Reopening..." : "Reopen application"}
      </button>
    </fetcher.Form>
  );
}

function DeclineForm() {
  const { fetcher, answer, busy } = useApplicationForm(APPLICATION_INTENTS.decline);
  const { fields, formProps } = useAppForm(DeclineFormSchema, {
    id: "application-decline",
    result: answer,
  });
  return (
    <fetcher.Form method="post" {...formProps} className="space-y-4">
      <h3 className="font-semibold">Decline the application</h3>
      <input type="hidden" name="intent" value={APPLICATION_INTENTS.decline} />
      <FormMessage message={answer?.formError} />
      <TextareaField
        meta={fields.reason}
        label="Reason for declining"
        rows={3}
        hint="Kept for staff and never sent. The applicant is emailed the courteous note from Settings."
      />
      <button type="submit" disabled={busy} className={SUBMIT}>
        {busy ? "Declining..." : "Decline application"}
      </button>
    </fetcher.Form>
  );
}

function Notes({ notes, canManage }: { notes: ApplicationReview["notes"]; canManage: boolean }) {
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">Notes</h3>
      {/* A new, empty form after each note is added. */}
      {canManage && <NoteForm key={notes[0]?.id ?? "none"} />}
      {notes.length === 0 ? (
        <p className="text-sm text-muted dark:text-mist">{APPLICATION_TEXT.noNotes}</p>
      ) : (
        <ol aria-label="Notes, newest first" className="space-y-3">
          {notes.map((note) => (
            <li
              key={note.id}
              className="rounded-md border border-line p-3 text-sm dark:border-ivory/10"
            >
              <p className="text-muted dark:text-mist">
                <span className="font-semibold text-ink dark:text-ivory">{note.author}</span>
                {", "}
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function NoteForm() {
  const { fetcher, answer, busy } = useApplicationForm(APPLICATION_INTENTS.note);
  const { fields, formProps } = useAppForm(NoteFormSchema, {
    id: "application-note",
    result: answer,
  });
  return (
    <fetcher.Form method="post" {...formProps} className="space-y-3">
      <input type="hidden" name="intent" value={APPLICATION_INTENTS.note} />
      <FormMessage message={answer?.formError} />
      <TextareaField meta={fields.note} label="New note" rows={3} />
      <button type="submit" disabled={busy} className={SUBMIT}>
        {busy ? "Adding..." : "Add note"}
      </button>
    </fetcher.Form>
  );
}
