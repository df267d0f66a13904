import { useState } from "react";
import { Field, Input, NativeSelect } from "~/components/kit/field";
import { ConfirmDialog } from "~/components/kit/dialog";
import { FormMessage } from "~/components/kit/form-message";
import { formatDateTime } from "~/lib/format";
import {
  APPLICATION_INTENTS,
  APPLICATION_TEXT,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  type ApplicationDocument,
} from "../application-review";
import { SUBMIT, useApplicationForm } from "./application-panel";

// docs/decisions/0056-application-outcomes-and-documents.md: documents attached to an
// application, for owners. Each is downloaded through the guarded admin route, never a public URL.

function formatSize(bytes: number) {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function ApplicationDocuments({
  cleanerId,
  documents,
}: {
  cleanerId: string;
  documents: ApplicationDocument[] | null;
}) {
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">Documents</h3>
      {documents === null ? (
        <p className="text-sm text-muted dark:text-mist">{APPLICATION_TEXT.documentsOwnersOnly}</p>
      ) : (
        <>
          {/* A new, empty form after each upload. */}
          <UploadForm key={documents[0]?.id ?? "none"} />
          {documents.length === 0 ? (
            <p className="text-sm text-muted dark:text-mist">{APPLICATION_TEXT.noDocuments}</p>
          ) : (
            <ul aria-label="Documents" className="space-y-3">
              {documents.map((document) => (
                <DocumentRow key={document.id} cleanerId={cleanerId} document={document} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The server's limit (10 MB); a larger file is stopped here, before the body limit answers. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = "This file is larger than 10 MB. Please choose a smaller one.";

function UploadForm() {
  const { fetcher, answer, busy } = useApplicationForm(APPLICATION_INTENTS.upload);
  const [tooLarge, setTooLarge] = useState(false);
  const errors = answer?.fieldErrors;
  const fileError = tooLarge ? TOO_LARGE : errors?.file;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="grid gap-4 sm:grid-cols-2 sm:items-start"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
        const large = (input?.files?.[0]?.size ?? 0) > MAX_DOCUMENT_BYTES;
        setTooLarge(large);
        if (large) {
          event.preventDefault();
          input?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value={APPLICATION_INTENTS.upload} />
      <div className="sm:col-span-2">
        <FormMessage message={answer?.formError} />
      </div>
      <Field label="What it is" id="document-kind" error={errors?.kind}>
        {(control) => (
          <NativeSelect {...control} name="kind" defaultValue="police_check">
            {DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {DOCUMENT_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field
        label="File"
        id="document-file"
        hint="A PDF, JPEG or PNG up to 10 MB."
        error={fileError}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            name="file"
            required
            accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
            className="file:mr-3 file:rounded file:border-0 file:bg-ink/5 file:px-3 file:py-1.5 dark:file:bg-ivory/10"
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <button type="submit" disabled={busy} className={SUBMIT}>
          {busy ? "Uploading..." : "Attach document"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function DocumentRow({
  cleanerId,
  document,
}: {
  cleanerId: string;
  document: ApplicationDocument;
}) {
  const { fetcher, busy } = useApplicationForm(APPLICATION_INTENTS.deleteDocument);
  const [confirming, setConfirming] = useState(false);
  const label = DOCUMENT_KIND_LABELS[document.kind];
  const deleteId = `delete-document-${document.id}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-line p-3 text-sm dark:border-ivory/10">
      <div className="min-w-0">
        <p className="font-semibold">{label}</p>
        <p className="break-all">{document.fileName}</p>
        <p className="text-muted dark:text-mist">
          {formatSize(document.bytes)}, attached by {document.uploadedBy},{" "}
          <time dateTime={document.createdAt}>{formatDateTime(document.createdAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        {/* A plain link: the guarded route answers a download, not a page to route to. */}
        <a
          href={`/admin/cleaners/${cleanerId}/documents/${document.id}`}
          download={document.fileName}
          className="inline-flex min-h-11 items-center font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
        >
          Download<span className="sr-only"> {`${label}: ${document.fileName}`}</span>
        </a>
        <button
          id={deleteId}
          type="button"
          disabled={busy}
          onClick={() => setConfirming(true)}
          className="inline-flex min-h-11 items-center font-semibold text-danger underline underline-offset-4 dark:text-red-300"
        >
          Delete<span className="sr-only"> {`${label}: ${document.fileName}`}</span>
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${label.toLowerCase()}?`}
        description={`${document.fileName} is removed for good.`}
        confirmLabel="Delete document"
        returnFocusTo={deleteId}
        onConfirm={() =>
          fetcher.submit(
            { intent: APPLICATION_INTENTS.deleteDocument, documentId: document.id },
            { method: "post" },
          )
        }
      />
    </li>
  );
}
