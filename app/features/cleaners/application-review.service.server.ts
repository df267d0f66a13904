import type { Kysely } from "kysely";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { getDeclineEmailParagraphs } from "~/features/settings/decline-email-setting.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  APPLICATION_AUDIT,
  APPLICATION_TEXT,
  DeclineFormSchema,
  NoteFormSchema,
  type ApplicationReview,
} from "./application-review";
import {
  findApplicationDocuments,
  findApplicationNotes,
  findApplicationState,
  insertApplicationNote,
  updateApplicationOutcomeIf,
} from "./application-review.repository.server";
import { declineEmail } from "./cleaner-emails";

// docs/decisions/0056-application-outcomes-and-documents.md: an application is declined
// with a reason (stored and audited, never sent), apart from the cleaner's status, which stays
// pending_review: a declined applicant is never offered a job, and cannot be approved until the
// application is reopened. The courteous email goes through the outbox in the same transaction.

export type ReviewActor = { staffId: string; ip: string | null };

type FormFailure = Result<object, "reason" | "note">;

const NOTES_SHOWN = 100;
const FORMER_STAFF = "Former staff member";

/** The application's part of a cleaner profile; documents only for who may see them. */
export async function getApplicationReview(
  db: Kysely<Database>,
  cleanerId: string,
  options: { withDocuments: boolean },
): Promise<ApplicationReview | null> {
  const state = await findApplicationState(db, cleanerId);
  if (!state) return null;
  const [notes, documents] = await Promise.all([
    findApplicationNotes(db, cleanerId, NOTES_SHOWN),
    options.withDocuments ? findApplicationDocuments(db, cleanerId) : Promise.resolve(null),
  ]);
  return {
    applicant: state.status === "pending_review",
    declined:
      state.application_outcome === "declined"
        ? {
            reason: state.application_outcome_reason ?? "",
            at: state.application_outcome_at ?? "",
            by: state.decided_by ?? FORMER_STAFF,
          }
        : null,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      author: note.author ?? FORMER_STAFF,
      createdAt: note.created_at,
    })),
    documents:
      documents?.map((document) => ({
        id: document.id,
        kind: document.kind,
        fileName: document.file_name,
        bytes: Number(document.bytes),
        uploadedBy: document.uploaded_by ?? FORMER_STAFF,
        createdAt: document.created_at,
      })) ?? null,
  };
}

/** Whether the application is declined: the status menu refuses to move such an applicant. */
export async function isApplicationDeclined(db: Kysely<Database>, cleanerId: string) {
  const state = await findApplicationState(db, cleanerId);
  return state?.application_outcome === "declined";
}

/**
 * Declines an applicant's application with a reason: the outcome, its audit entry and the
 * decline email (the words from Settings) in one transaction. Only an open application of an
 * applicant (pending_review) can be declined; a second decline is refused rather than emailing
 * twice.
 */
export async function declineApplication(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData,
  actor: ReviewActor,
  now = new Date(),
): Promise<FormFailure> {
  const parsed = parseForm(form, DeclineFormSchema);
  if (!parsed.ok) {
    return failure("invalid", parsed.fieldErrors.reason ?? "", parsed.fieldErrors);
  }
  const { reason } = parsed.value;
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<FormFailure> => {
    const state = await findApplicationState(trx, cleanerId);
    if (!state) return failure("not_found", APPLICATION_TEXT.notFound);
    if (state.application_outcome === "declined") {
      return failure("conflict", APPLICATION_TEXT.alreadyDeclined);
    }
    if (state.status !== "pending_review") {
      return failure("conflict", APPLICATION_TEXT.onlyOpenApplications);
    }
    const moved = await updateApplicationOutcomeIf(trx, cleanerId, null, {
      outcome: "declined",
      reason,
      by: actor.staffId,
      at,
    });
    // Someone else decided first (or approved them): their step stands.
    if (!moved) return failure("conflict", APPLICATION_TEXT.onlyOpenApplications);
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: APPLICATION_AUDIT.declined,
      subject_type: "cleaner",
      subject_id: cleanerId,
      details: JSON.stringify({ reason }),
      ip: actor.ip,
      created_at: at,
    });
    const profile = await getBusinessProfile(trx);
    const paragraphs = await getDeclineEmailParagraphs(trx);
    const email = declineEmail(state.name, profile.name, paragraphs);
    const rendered = renderEmail({ heading: email.heading, paragraphs: email.paragraphs }, profile);
    await enqueueEmail(trx, {
      topic: "cleaner.declined",
      subjectType: "cleaner",
      subjectId: cleanerId,
      to: state.email,
      replyTo: profile.email,
      subject: email.subject,
      html: rendered.html,
      text: rendered.text,
    });
    return { ok: true };
  });
}

/** Reopens a declined application: it is open again and can be approved or declined anew. */
export async function reopenApplication(
  db: Kysely<Database>,
  cleanerId: string,
  actor: ReviewActor,
  now = new Date(),
): Promise<FormFailure> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<FormFailure> => {
    const state = await findApplicationState(trx, cleanerId);
    if (!state) return failure("not_found", APPLICATION_TEXT.notFound);
    const moved =
      state.application_outcome === "declined" &&
      (await updateApplicationOutcomeIf(trx, cleanerId, "declined", {
        outcome: null,
        reason: null,
        by: null,
        at,
      }));
    if (!moved) return failure("conflict", APPLICATION_TEXT.notDeclined);
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: APPLICATION_AUDIT.reopened,
      subject_type: "cleaner",
      subject_id: cleanerId,
      details: JSON.stringify({ reason: state.application_outcome_reason }),
      ip: actor.ip,
      created_at: at,
    });
    return { ok: true };
  });
}

/** Adds a staff note to a cleaner's application, timestamped and signed by its author. */
export async function addApplicationNote(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData,
  actor: ReviewActor,
  now = new Date(),
): Promise<FormFailure> {
  const parsed = parseForm(form, NoteFormSchema);
  if (!parsed.ok) return failure("invalid", parsed.fieldErrors.note ?? "", parsed.fieldErrors);
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<FormFailure> => {
    if (!(await findApplicationState(trx, cleanerId))) {
      return failure("not_found", APPLICATION_TEXT.notFound);
    }
    const id = newId();
    await insertApplicationNote(trx, {
      id,
      cleaner_id: cleanerId,
      author_id: actor.staffId,
      body: parsed.value.note,
      created_at: at,
    });
    // The note's words stay in its own table; the log says only that one was added.
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: APPLICATION_AUDIT.noteAdded,
      subject_type: "cleaner",
      subject_id: cleanerId,
      details: JSON.stringify({ noteId: id }),
      ip: actor.ip,
      created_at: at,
    });
    return { ok: true };
  });
}
