import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { checkDocumentFile } from "~/features/uploads/uploads.service.server";
import { newId } from "~/lib/ids";
import { failure, fieldFailure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { ApplicationDocumentKind, Database } from "~/server/database";
import { storageFor, type StorageConfig } from "~/server/storage.server";
import { APPLICATION_AUDIT, APPLICATION_TEXT, DocumentKindSchema } from "./application-review";
import {
  deleteApplicationDocument,
  findApplicationDocument,
  findApplicationState,
  insertApplicationDocument,
} from "./application-review.repository.server";
import type { ReviewActor } from "./application-review.service.server";

// docs/decisions/0056-application-outcomes-and-documents.md: documents attached to an
// application (police check certificate, ID, right to work, other) are kept exactly as uploaded
// in private object storage, under keys of their own (never under media/ or uploads/, which the
// public routes serve), and reach a browser only through the admin download route, which checks
// cleaner-documents.manage. Every upload, download and deletion is audited.

/** The folder of the object storage the documents live in; no public route reads it. */
export const PRIVATE_DOCUMENTS_PREFIX = "private/cleaner-documents";

const MAX_NAME_LENGTH = 100;

/**
 * The name a document is saved and downloaded under: the uploaded name's last part, letters,
 * digits, spaces, dots, dashes, underscores and brackets only, ending in the extension its
 * content proved. A name with nothing left becomes "document".
 */
export function sanitiseDocumentName(name: string, extension: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const stem = base
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[\s._-]+|[\s._-]+$/g, "")
    .slice(0, MAX_NAME_LENGTH - extension.length - 1);
  return `${stem || "document"}.${extension}`;
}

type UploadField = "kind" | "file";

/** Attaches one document to a cleaner's application. */
export async function attachApplicationDocument(
  db: Kysely<Database>,
  config: StorageConfig,
  cleanerId: string,
  form: FormData,
  actor: ReviewActor,
  now = new Date(),
): Promise<Result<{ documentId: string }, UploadField>> {
  const kind = DocumentKindSchema.safeParse({ kind: form.get("kind") });
  if (!kind.success) {
    return fieldFailure("invalid", "kind", kind.error.issues[0]?.message ?? "");
  }
  const files = [...form.values()].filter((value) => value instanceof File);
  const file = form.get("file");
  if (files.length > 1) return fieldFailure("invalid", "file", "Please attach one file at a time.");
  const bytes = file instanceof File ? Buffer.from(await file.arrayBuffer()) : null;
  const checked = await checkDocumentFile(bytes ? { bytes } : null);
  if (!checked.ok) return fieldFailure(checked.kind, "file", checked.message);
  if (!(await findApplicationState(db, cleanerId))) {
    return failure("not_found", APPLICATION_TEXT.notFound);
  }

  const id = newId();
  const objectKey = `${PRIVATE_DOCUMENTS_PREFIX}/${randomBytes(16).toString("hex")}.${checked.extension}`;
  const fileName = sanitiseDocumentName(file instanceof File ? file.name : "", checked.extension);
  const storage = await storageFor(config);
  // The object first, then its row: a row never points at nothing.
  await storage.put(objectKey, bytes!, checked.mime);
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await insertApplicationDocument(trx, {
        id,
        cleaner_id: cleanerId,
        kind: kind.data.kind,
        file_name: fileName,
        mime: checked.mime,
        bytes: bytes!.length,
        object_key: objectKey,
        uploaded_by: actor.staffId,
        created_at: at,
      });
      await audit(trx, APPLICATION_AUDIT.documentUploaded, cleanerId, actor, at, {
        documentId: id,
        kind: kind.data.kind,
        bytes: bytes!.length,
      });
    });
  } catch (error) {
    await storage.delete(objectKey);
    throw error;
  }
  return { ok: true, documentId: id };
}

export type OpenedDocument = {
  fileName: string;
  mime: string;
  size: number;
  kind: ApplicationDocumentKind;
  body: ReadableStream<Uint8Array>;
};

/** A document's file to download, with the download audited; null when there is none. */
export async function openApplicationDocument(
  db: Kysely<Database>,
  config: StorageConfig,
  cleanerId: string,
  documentId: string,
  actor: ReviewActor,
  now = new Date(),
): Promise<OpenedDocument | null> {
  const row = await findApplicationDocument(db, cleanerId, documentId);
  if (!row) return null;
  const object = await (await storageFor(config)).get(row.object_key);
  if (!object) return null;
  await audit(db, APPLICATION_AUDIT.documentDownloaded, cleanerId, actor, now.toISOString(), {
    documentId,
    kind: row.kind,
  });
  return {
    fileName: row.file_name,
    mime: row.mime,
    size: object.size,
    kind: row.kind,
    body: Readable.toWeb(object.body) as ReadableStream<Uint8Array>,
  };
}

/** Deletes a document: its row and audit entry together, then its file. */
export async function removeApplicationDocument(
  db: Kysely<Database>,
  config: StorageConfig,
  cleanerId: string,
  documentId: string,
  actor: ReviewActor,
  now = new Date(),
): Promise<Result> {
  const at = now.toISOString();
  const removed = await db.transaction().execute(async (trx) => {
    const row = await findApplicationDocument(trx, cleanerId, documentId);
    if (!row || !(await deleteApplicationDocument(trx, cleanerId, documentId))) return null;
    await audit(trx, APPLICATION_AUDIT.documentDeleted, cleanerId, actor, at, {
      documentId,
      kind: row.kind,
    });
    return row;
  });
  if (!removed) return failure("not_found", APPLICATION_TEXT.documentNotFound);
  await (await storageFor(config)).delete(removed.object_key);
  return { ok: true };
}

async function audit(
  db: Kysely<Database>,
  action: string,
  cleanerId: string,
  actor: ReviewActor,
  at: string,
  details: Record<string, unknown>,
) {
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action,
    subject_type: "cleaner",
    subject_id: cleanerId,
    details: JSON.stringify(details),
    ip: actor.ip,
    created_at: at,
  });
}
