import { failureStatus, type Failure } from "~/lib/result";
import type { AppContext } from "~/server/context";
import {
  APPLICATION_INTENTS,
  APPLICATION_TEXT,
  type ApplicationAnswer,
  type ApplicationIntent,
} from "./application-review";
import {
  attachApplicationDocument,
  removeApplicationDocument,
} from "./application-documents.service.server";
import {
  addApplicationNote,
  declineApplication,
  reopenApplication,
} from "./application-review.service.server";

// The cleaner profile's application posts (docs/decisions/0056-application-outcomes-and-documents.md):
// decline, reopen, a note, a document attached or deleted. The route has checked the permission
// each needs (cleaners.manage; cleaner-documents.manage for documents).

const INTENTS = new Set<string>(Object.values(APPLICATION_INTENTS));

export function isApplicationIntent(intent: unknown): intent is ApplicationIntent {
  return typeof intent === "string" && INTENTS.has(intent);
}

export function isDocumentIntent(intent: unknown) {
  return intent === APPLICATION_INTENTS.upload || intent === APPLICATION_INTENTS.deleteDocument;
}

const SAVED: Record<ApplicationIntent, string> = {
  decline: APPLICATION_TEXT.declined,
  reopen: APPLICATION_TEXT.reopened,
  note: APPLICATION_TEXT.noteAdded,
  "document-upload": APPLICATION_TEXT.documentAttached,
  "document-delete": APPLICATION_TEXT.documentDeleted,
};

/** The answer to one application form and its HTTP status. */
export async function applicationAction(
  intent: ApplicationIntent,
  cleanerId: string,
  form: FormData,
  staffId: string,
  context: Pick<AppContext, "db" | "config" | "clientIp">,
): Promise<[ApplicationAnswer, number]> {
  const actor = { staffId, ip: context.clientIp };
  const result = await run();
  if (result.ok) {
    return [{ intent, saved: true, toast: { tone: "saved", title: SAVED[intent] } }, 200];
  }
  return [refused(intent, result, form), refusedStatus(result)];

  function run() {
    switch (intent) {
      case "decline":
        return declineApplication(context.db, cleanerId, form, actor);
      case "reopen":
        return reopenApplication(context.db, cleanerId, actor);
      case "note":
        return addApplicationNote(context.db, cleanerId, form, actor);
      case "document-upload":
        return attachApplicationDocument(context.db, context.config, cleanerId, form, actor);
      case "document-delete":
        return removeApplicationDocument(
          context.db,
          context.config,
          cleanerId,
          String(form.get("documentId") ?? ""),
          actor,
        );
    }
  }
}

/** A refused field (or file) answers 400 as the back office's forms do; the rest by kind. */
function refusedStatus(result: Failure) {
  if (result.fieldErrors) return result.kind === "too_large" ? 413 : 400;
  return failureStatus(result.kind);
}

function refused(intent: ApplicationIntent, result: Failure, form: FormData): ApplicationAnswer {
  const toast = { tone: "failed" as const, title: result.message };
  if (!result.fieldErrors) return { intent, formError: result.message, toast };
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return { intent, fieldErrors: result.fieldErrors, values };
}
