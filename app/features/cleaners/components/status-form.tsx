import { useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { ConfirmDialog } from "~/components/kit/dialog";
import { NativeSelect } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import type { CleanerStatus } from "~/server/database";
import { CLEANER_STATUS_LABELS, CLEANER_STATUSES } from "../cleaner-directory";
import type { ProfileAnswer } from "../profile-answer";

// docs/product/back-office.md#statuses-and-flows: any of the five statuses, from a menu. For an
// applicant the hint says Available emails a welcome, and that turning them down is a decline
// (docs/decisions/0056-application-outcomes-and-documents.md), not a suspension. A move
// away from taking jobs is confirmed first when it would release any.

export function StatusForm({
  status,
  policeCheckProblem,
}: {
  status: CleanerStatus;
  /** docs/decisions/0042-who-is-free-for-a-job.md: why Available is refused, if it is */
  policeCheckProblem: string | null;
}) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === "status" ? fetcher.data : undefined;
  useResultToast(answer);
  const applicant = status === "pending_review";
  const hints = [
    applicant ? "cleaner-status-hint" : null,
    policeCheckProblem ? "cleaner-status-police-check" : null,
  ].filter(Boolean);
  return (
    <>
      <StatusMenu
        fetcher={fetcher}
        status={status}
        applicant={applicant}
        policeCheckProblem={policeCheckProblem}
        describedBy={hints.length > 0 ? hints.join(" ") : undefined}
        error={answer?.error}
      />
      <ReleaseConfirmation
        answer={answer}
        onConfirm={(to) =>
          fetcher.submit({ intent: "status", status: to, confirm: "release" }, { method: "post" })
        }
      />
    </>
  );
}

type StatusAnswer = Extract<ProfileAnswer, { intent: "status" }>;

/**
 * docs/decisions/0041-cleaners-hear-of-job-changes.md: before a cleaner stops taking jobs, staff
 * see the jobs that will be released and confirm. Cancel leaves the status as it was.
 */
function ReleaseConfirmation({
  answer,
  onConfirm,
}: {
  answer: StatusAnswer | undefined;
  onConfirm: (status: CleanerStatus) => void;
}) {
  const [dismissed, setDismissed] = useState<StatusAnswer>();
  const confirm = answer && answer !== dismissed ? answer.confirm : undefined;
  const count = confirm?.jobs.length ?? 0;
  const jobs = count === 1 ? "1 job" : `${count} jobs`;
  return (
    <ConfirmDialog
      open={Boolean(confirm)}
      onOpenChange={(open) => {
        if (!open) setDismissed(answer);
      }}
      title={`Change status to ${confirm?.label ?? ""}?`}
      description={`This releases ${jobs} still to start. Each goes back to needing a cleaner, and the cleaner is emailed that they are off it.`}
      confirmLabel={`Change status and release ${jobs}`}
      returnFocusTo="cleaner-status-menu"
      onConfirm={() => {
        if (confirm) onConfirm(confirm.status);
      }}
    >
      <ul aria-label="Jobs to release" className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {confirm?.jobs.map((job) => (
          <li key={job.id}>{job.label}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

function StatusMenu({
  fetcher,
  status,
  applicant,
  policeCheckProblem,
  describedBy,
  error,
}: {
  fetcher: FetcherWithComponents<ProfileAnswer>;
  status: CleanerStatus;
  applicant: boolean;
  policeCheckProblem: string | null;
  describedBy: string | undefined;
  error: string | undefined;
}) {
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="status" />
      <div>
        <label htmlFor="cleaner-status-menu" className="block text-sm font-semibold">
          Status
        </label>
        {applicant && (
          <p id="cleaner-status-hint" className="mt-1 max-w-md text-sm text-muted dark:text-mist">
            Available accepts the application and emails a welcome. To turn it down, decline it
            under Application below.
          </p>
        )}
        {policeCheckProblem && (
          <p
            id="cleaner-status-police-check"
            className="mt-1 max-w-md text-sm text-danger dark:text-red-300"
          >
            {policeCheckProblem}: they cannot be made Available until a current check is recorded.
          </p>
        )}
        <NativeSelect
          id="cleaner-status-menu"
          name="status"
          key={status}
          defaultValue={status}
          aria-describedby={describedBy}
          className="min-w-48"
        >
          {CLEANER_STATUSES.map((option) => (
            <option key={option} value={option}>
              {CLEANER_STATUS_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
      >
        {fetcher.state !== "idle" ? "Saving..." : "Change status"}
      </button>
      <div className="w-full">
        <FormMessage message={error} />
      </div>
    </fetcher.Form>
  );
}
