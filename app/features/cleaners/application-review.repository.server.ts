import type { Insertable, Kysely } from "kysely";
import type {
  ApplicationDocumentsTable,
  ApplicationNotesTable,
  ApplicationOutcome,
  Database,
} from "~/server/database";

// The SQL of an application's outcome, notes and documents
// (docs/decisions/0056-application-outcomes-and-documents.md). The rules are in
// application-review.service.server.ts and application-documents.service.server.ts.

export async function findApplicationState(db: Kysely<Database>, cleanerId: string) {
  return db
    .selectFrom("cleaners")
    .leftJoin("staff_users", "staff_users.id", "cleaners.application_outcome_by")
    .select([
      "cleaners.name",
      "cleaners.email",
      "cleaners.status",
      "cleaners.application_outcome",
      "cleaners.application_outcome_reason",
      "cleaners.application_outcome_at",
      "staff_users.name as decided_by",
    ])
    .where("cleaners.id", "=", cleanerId)
    .executeTakeFirst();
}

/**
 * Sets an applicant's outcome when it is still `from` and they are still an applicant
 * (compare-and-set); false when either changed meanwhile.
 */
export async function updateApplicationOutcomeIf(
  db: Kysely<Database>,
  cleanerId: string,
  from: ApplicationOutcome | null,
  to: { outcome: ApplicationOutcome | null; reason: string | null; by: string | null; at: string },
) {
  const result = await db
    .updateTable("cleaners")
    .set({
      application_outcome: to.outcome,
      application_outcome_reason: to.reason,
      application_outcome_by: to.by,
      application_outcome_at: to.outcome ? to.at : null,
      updated_at: to.at,
    })
    .where("id", "=", cleanerId)
    .where("status", "=", "pending_review")
    .where((eb) =>
      from === null ? eb("application_outcome", "is", null) : eb("application_outcome", "=", from),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertApplicationNote(
  db: Kysely<Database>,
  row: Insertable<ApplicationNotesTable>,
) {
  await db.insertInto("application_notes").values(row).execute();
}

/** A cleaner's notes, newest first, with their authors' names. */
export async function findApplicationNotes(db: Kysely<Database>, cleanerId: string, limit: number) {
  return db
    .selectFrom("application_notes")
    .leftJoin("staff_users", "staff_users.id", "application_notes.author_id")
    .select([
      "application_notes.id",
      "application_notes.body",
      "application_notes.created_at",
      "staff_users.name as author",
    ])
    .where("application_notes.cleaner_id", "=", cleanerId)
    .orderBy("application_notes.created_at", "desc")
    .orderBy("application_notes.id", "desc")
    .limit(limit)
    .execute();
}

export async function insertApplicationDocument(
  db: Kysely<Database>,
  row: Insertable<ApplicationDocumentsTable>,
) {
  await db.insertInto("application_documents").values(row).execute();
}

/** A cleaner's documents, newest first, with who attached each. */
export async function findApplicationDocuments(db: Kysely<Database>, cleanerId: string) {
  return db
    .selectFrom("application_documents")
    .leftJoin("staff_users", "staff_users.id", "application_documents.uploaded_by")
    .select([
      "application_documents.id",
      "application_documents.kind",
      "application_documents.file_name",
      "application_documents.bytes",
      "application_documents.created_at",
      "staff_users.name as uploaded_by",
    ])
    .where("application_documents.cleaner_id", "=", cleanerId)
    .orderBy("application_documents.created_at", "desc")
    .orderBy("application_documents.id", "desc")
    .limit(100)
    .execute();
}

/** One document of one cleaner: a document id under another cleaner finds nothing. */
export async function findApplicationDocument(
  db: Kysely<Database>,
  cleanerId: string,
  documentId: string,
) {
  return db
    .selectFrom("application_documents")
    .selectAll()
    .where("cleaner_id", "=", cleanerId)
    .where("id", "=", documentId)
    .executeTakeFirst();
}

/** Deletes one document's row; false when it was already gone. */
export async function deleteApplicationDocument(
  db: Kysely<Database>,
  cleanerId: string,
  documentId: string,
) {
  const result = await db
    .deleteFrom("application_documents")
    .where("cleaner_id", "=", cleanerId)
    .where("id", "=", documentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
