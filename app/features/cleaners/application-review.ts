import { z } from "zod";
import { isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE } from "~/lib/field-rules";
import { labelKeys } from "~/lib/label-keys";
import type { ToastMessage } from "~/components/kit/toast";
import type { FormProblem } from "~/lib/forms";
import type { ApplicationDocumentKind } from "~/server/database";

// docs/decisions/0056-application-outcomes-and-documents.md: an application's own outcome
// (declined, with a reason), staff notes on it and the documents attached to it. Client-safe:
// the profile's forms and the server read the same schemas and words.

export const APPLICATION_INTENTS = {
  decline: "decline",
  reopen: "reopen",
  note: "note",
  upload: "document-upload",
  deleteDocument: "document-delete",
} as const;

export type ApplicationIntent = (typeof APPLICATION_INTENTS)[keyof typeof APPLICATION_INTENTS];

/** The audit log's actions for an application; subject_type "cleaner", subject_id its id. */
export const APPLICATION_AUDIT = {
  declined: "application.declined",
  reopened: "application.reopened",
  noteAdded: "application.note_added",
  documentUploaded: "cleaner.document_uploaded",
  documentDownloaded: "cleaner.document_downloaded",
  documentDeleted: "cleaner.document_deleted",
} as const;

export const DOCUMENT_KIND_LABELS: Record<ApplicationDocumentKind, string> = {
  police_check: "Police check certificate",
  id: "ID",
  right_to_work: "Right to work",
  other: "Other",
};

export const DOCUMENT_KINDS = labelKeys(DOCUMENT_KIND_LABELS);

export const APPLICATION_TEXT = {
  heading: "Application",
  declined: "Application declined.",
  reopened: "Application reopened.",
  noteAdded: "Note added.",
  documentAttached: "Document attached.",
  documentDeleted: "Document deleted.",
  onlyOpenApplications: "Only an application awaiting review can be declined.",
  alreadyDeclined: "This application has already been declined.",
  notDeclined: "This application is not declined, so there is nothing to reopen.",
  declinedNoStatus:
    "This application was declined. Reopen it before changing the status or approving it.",
  notFound: "Cleaner not found",
  documentNotFound: "This document is no longer available.",
  noNotes: "No notes yet.",
  noDocuments: "No documents attached yet.",
  documentsOwnersOnly:
    "Documents (police check certificates, ID, right to work) are open to owners only.",
} as const;

const REASON_MESSAGE = "Say why the application is declined";

export const DeclineFormSchema = z.object({
  reason: z
    .string(REASON_MESSAGE)
    .trim()
    .min(1, REASON_MESSAGE)
    .max(500, "Keep the reason under 500 characters")
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE),
});

const NOTE_MESSAGE = "Write the note";

export const NoteFormSchema = z.object({
  note: z
    .string(NOTE_MESSAGE)
    .trim()
    .min(1, NOTE_MESSAGE)
    .max(2000, "Keep the note under 2000 characters")
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE),
});

export const DocumentKindSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, "Choose what the document is"),
});

export type ApplicationNote = {
  id: string;
  body: string;
  /** The author's name, or "Former staff member" once their account is gone */
  author: string;
  createdAt: string;
};

export type ApplicationDocument = {
  id: string;
  kind: ApplicationDocumentKind;
  fileName: string;
  bytes: number;
  uploadedBy: string;
  createdAt: string;
};

export type ApplicationReview = {
  /** Whether the cleaner is an applicant (pending_review): only then can it be declined */
  applicant: boolean;
  declined: { reason: string; at: string; by: string } | null;
  notes: ApplicationNote[];
  /** null when the viewer may not see documents */
  documents: ApplicationDocument[] | null;
};

/** What the profile's action answers for the application's forms. */
export type ApplicationAnswer = {
  intent: ApplicationIntent;
  saved?: boolean;
  toast?: ToastMessage;
} & FormProblem<"reason" | "note" | "kind" | "file">;
