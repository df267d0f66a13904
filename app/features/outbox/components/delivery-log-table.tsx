import { Form, useNavigation } from "react-router";
import { DataTable, type Column, type PageLink } from "~/components/kit/data-table";
import { StatusBadge } from "~/components/kit/status-badge";
import { buttonClasses } from "~/components/ui/button";
import { describeTarget } from "../delivery-banner";
import { KIND_LABELS, STATUS_LABELS, type DeliveryLogEntry } from "../delivery-log";

/** The answer to one message's Redeliver, when it was the last thing done. */
export type RedeliverResult = { id: string; message?: string; error?: string };

const DISCLOSURE =
  "cursor-pointer rounded-sm text-sm font-semibold text-gold-deep underline-offset-4 hover:underline dark:text-gold";

/** The delivery log as the kit's data table: one row per message, newest first. */
export function DeliveryLogTable({
  entries,
  params,
  pages,
  filtered,
  result,
}: {
  entries: DeliveryLogEntry[];
  params: URLSearchParams;
  pages: { previous?: PageLink; next?: PageLink };
  filtered: boolean;
  result: RedeliverResult | undefined;
}) {
  const columns: Column<DeliveryLogEntry>[] = [
    {
      key: "message",
      header: "Message",
      cell: (entry) => <MessageCell entry={entry} />,
      className: "min-w-64",
    },
    {
      key: "status",
      header: "Status",
      cell: (entry) => (
        <StatusBadge kind="delivery" status={entry.status} label={STATUS_LABELS[entry.status]} />
      ),
    },
    {
      key: "created",
      header: "Created",
      cell: (entry) => <time dateTime={entry.created.iso}>{entry.created.label}</time>,
      className: "whitespace-nowrap",
    },
    { key: "attempts", header: "Attempts", cell: (entry) => entry.attemptCount },
    {
      key: "action",
      header: "Action",
      cell: (entry) =>
        entry.canRedeliver ? (
          <RedeliverForm entry={entry} result={result?.id === entry.id ? result : undefined} />
        ) : null,
    },
  ];
  return (
    <DataTable
      caption="Deliveries, newest first"
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={columns}
      params={params}
      pages={pages}
      empty={{
        title: filtered ? "No messages match these filters." : "Nothing has been sent yet.",
      }}
    />
  );
}

function MessageCell({ entry }: { entry: DeliveryLogEntry }) {
  return (
    <div className="min-w-0 space-y-2">
      <div>
        <p className="font-semibold break-words">
          <span className="text-muted dark:text-mist">{KIND_LABELS[entry.kind]}:</span>{" "}
          {entry.email ? entry.email.subject : entry.topic}
        </p>
        <p className="mt-0.5 break-words text-muted dark:text-mist">
          {entry.email ? `To ${entry.email.to} · ${entry.topic}` : entry.subject}
        </p>
      </div>
      {entry.delivered && (
        <p>
          Delivered <time dateTime={entry.delivered.iso}>{entry.delivered.label}</time>
        </p>
      )}
      {entry.nextAttempt && (
        <p>
          Next try <time dateTime={entry.nextAttempt.iso}>{entry.nextAttempt.label}</time>
        </p>
      )}
      {entry.lastError && entry.status !== "delivered" && (
        <p className="font-semibold break-words text-danger dark:text-red-300">
          <span className="sr-only">Last error: </span>
          {entry.lastError}
        </p>
      )}
      {entry.notice && (
        <p className="rounded-md bg-warning/5 px-3 py-2 font-semibold text-warning dark:bg-amber-300/10 dark:text-amber-200">
          {entry.notice}
        </p>
      )}
      {entry.attempts.length > 0 && (
        <details>
          <summary className={DISCLOSURE}>Attempt history ({entry.attempts.length})</summary>
          <ol className="mt-2 space-y-2">
            {entry.attempts.map((attempt, index) => (
              <li
                key={`${attempt.number}-${attempt.target}-${index}`}
                className="rounded-md border border-line px-3 py-2 dark:border-ivory/10"
              >
                <p className="font-semibold">
                  Attempt {attempt.number}:{" "}
                  {attempt.outcome === "delivered"
                    ? "delivered"
                    : attempt.outcome === "skipped"
                      ? "skipped"
                      : "failed"}
                  {attempt.statusCode !== null && ` (status ${attempt.statusCode})`}
                </p>
                <p className="break-words text-muted dark:text-mist">
                  <time dateTime={attempt.at.iso}>{attempt.at.label}</time> ·{" "}
                  {describeTarget(attempt.target)} · {attempt.durationMs} ms
                </p>
                {attempt.error && (
                  <p className="break-words text-danger dark:text-red-300">{attempt.error}</p>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
      <details>
        <summary className={DISCLOSURE}>Body sent</summary>
        {/* A long body scrolls inside its own box, which keyboard users can focus to scroll. */}
        <pre
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus (WCAG 2.1.1)
          tabIndex={0}
          className="mt-2 max-h-96 max-w-xl overflow-auto rounded-md bg-ivory p-3 text-xs whitespace-pre-wrap break-words dark:bg-ink"
        >
          {entry.body}
        </pre>
      </details>
    </div>
  );
}

/** Redeliver: a plain form post, so it works before JavaScript loads. */
function RedeliverForm({
  entry,
  result,
}: {
  entry: DeliveryLogEntry;
  result: RedeliverResult | undefined;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "redeliver" &&
    navigation.formData.get("id") === entry.id;
  const resultId = `redeliver-${entry.id}-result`;
  return (
    <Form method="post" className="flex flex-col items-start gap-2">
      <input type="hidden" name="intent" value="redeliver" />
      <input type="hidden" name="id" value={entry.id} />
      <button
        type="submit"
        className={buttonClasses(
          "outline",
          "min-h-11 px-4 py-2 text-sm dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
        )}
        disabled={sending}
        aria-describedby={resultId}
      >
        {sending ? "Sending..." : "Redeliver"}
      </button>
      <p
        id={resultId}
        aria-live="polite"
        className={`max-w-48 text-sm font-semibold ${result?.error ? "text-danger dark:text-red-300" : "text-success dark:text-emerald-300"}`}
      >
        {!sending && (result?.error ?? result?.message)}
      </p>
    </Form>
  );
}
