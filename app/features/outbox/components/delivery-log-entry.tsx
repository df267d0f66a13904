import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { describeTarget } from "../delivery-banner";
import { KIND_LABELS, STATUS_LABELS, type DeliveryLogEntry } from "../delivery-log";

const STATUS_TONES: Record<DeliveryLogEntry["status"], string> = {
  delivered: "bg-success/10 text-success dark:bg-emerald-300/10 dark:text-emerald-300",
  pending: "bg-info/10 text-info dark:bg-sky-300/10 dark:text-sky-200",
  retrying: "bg-warning/10 text-warning dark:bg-amber-300/10 dark:text-amber-200",
  dead: "bg-danger/10 text-danger dark:bg-red-300/10 dark:text-red-200",
  skipped: "bg-ink/5 text-ink-soft dark:bg-ivory/10 dark:text-mist",
};

const DISCLOSURE =
  "cursor-pointer rounded-sm text-sm font-semibold text-gold-deep underline-offset-4 hover:underline dark:text-gold";

/** One message of the delivery log: status, attempts, the body sent, and Redeliver. */
export function DeliveryLogEntryCard({
  entry,
  result,
}: {
  entry: DeliveryLogEntry;
  /** The answer to this message's Redeliver, when it was the last thing done. */
  result: { message?: string; error?: string } | undefined;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "redeliver" &&
    navigation.formData.get("id") === entry.id;
  const headingId = `delivery-${entry.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-line bg-white p-4 sm:p-5 dark:border-ivory/10 dark:bg-ink-raised"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold break-words">
            <span className="text-muted dark:text-mist">{KIND_LABELS[entry.kind]}:</span>{" "}
            {entry.email ? entry.email.subject : entry.topic}
          </h2>
          <p className="mt-0.5 text-sm break-words text-muted dark:text-mist">
            {entry.email ? `To ${entry.email.to} · ${entry.topic}` : entry.subject}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[entry.status]}`}
        >
          {STATUS_LABELS[entry.status]}
        </span>
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted dark:text-mist">Created</dt>
        <dd>
          <time dateTime={entry.created.iso}>{entry.created.label}</time>
        </dd>
        <dt className="text-muted dark:text-mist">Attempts</dt>
        <dd>{entry.attemptCount}</dd>
        {entry.delivered && (
          <>
            <dt className="text-muted dark:text-mist">Delivered</dt>
            <dd>
              <time dateTime={entry.delivered.iso}>{entry.delivered.label}</time>
            </dd>
          </>
        )}
        {entry.nextAttempt && (
          <>
            <dt className="text-muted dark:text-mist">Next try</dt>
            <dd>
              <time dateTime={entry.nextAttempt.iso}>{entry.nextAttempt.label}</time>
            </dd>
          </>
        )}
        {entry.lastError && entry.status !== "delivered" && (
          <>
            <dt className="text-muted dark:text-mist">Last error</dt>
            <dd className="font-semibold break-words text-danger dark:text-red-300">
              {entry.lastError}
            </dd>
          </>
        )}
      </dl>
      {entry.notice && (
        <p className="mt-3 rounded-md bg-warning/5 px-3 py-2 text-sm font-semibold text-warning dark:bg-amber-300/10 dark:text-amber-200">
          {entry.notice}
        </p>
      )}

      <div className="mt-3 space-y-2">
        {entry.attempts.length > 0 && (
          <details>
            <summary className={DISCLOSURE}>Attempt history ({entry.attempts.length})</summary>
            <ol className="mt-2 space-y-2 text-sm">
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
          <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-ivory p-3 text-xs whitespace-pre-wrap break-words dark:bg-ink">
            {entry.body}
          </pre>
        </details>
      </div>

      {entry.canRedeliver && (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="redeliver" />
          <input type="hidden" name="id" value={entry.id} />
          <button
            type="submit"
            className={buttonClasses(
              "outline",
              "min-h-11 px-4 py-2 text-sm dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
            )}
            disabled={sending}
            aria-describedby={`${headingId}-result`}
          >
            {sending ? "Sending..." : "Redeliver"}
          </button>
          <p
            id={`${headingId}-result`}
            aria-live="polite"
            className={`text-sm font-semibold ${result?.error ? "text-danger dark:text-red-300" : "text-success dark:text-emerald-300"}`}
          >
            {!sending && (result?.error ?? result?.message)}
          </p>
        </Form>
      )}
    </article>
  );
}
