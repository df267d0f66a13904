import { Link } from "react-router";
import { JobFacts } from "~/components/cleaner/job-facts";
import type { JobVisitView, VisitAnswer } from "../job-visits";
import { CheckOutForm, JobChecklist } from "./job-checklist";
import { JobPhotos } from "./job-photos";
import { ProblemForm } from "./problem-form";
import { WhereAndWho } from "./where-and-who";
import { visitClock } from "../job-visits";
import { CheckInForm, OnMyWayForm } from "./visit-step-forms";

/** The cleaner's page of one accepted job: where, who, the next step, the checklist, problems. */
export function JobVisitPage({ visit, answer }: { visit: JobVisitView; answer?: VisitAnswer }) {
  const { seat } = visit;
  const errorsOf = (intent: string) =>
    answer && !answer.ok && answer.intent === intent ? answer : undefined;
  const onSite = Boolean(seat.checkedInAt) && !seat.checkedOutAt;
  const live = !visit.jobCompleted;
  return (
    <>
      <Link to="/cleaner" className="text-sm font-semibold underline underline-offset-4">
        ← All jobs
      </Link>
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl leading-tight font-medium">{visit.suburb}</h1>
        <p className="rounded-full bg-ivory-deep px-3 py-0.5 text-sm font-semibold">
          {visit.crew.find((member) => member.mine)?.statusLabel}
        </p>
      </div>
      <p className="mt-1 text-ink-soft">
        {visit.day}, {visit.time}
      </p>
      {answer && (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`mt-5 rounded-md border px-4 py-3 text-sm font-semibold ${answer.ok ? "border-success/40 bg-success/5 text-success" : "border-danger/40 bg-danger/5 text-danger"}`}
        >
          {answer.message}
        </p>
      )}
      <WhereAndWho visit={visit} />

      <section aria-labelledby="steps-heading" className="mt-8 grid gap-4">
        <h2 id="steps-heading" className="text-sm font-semibold tracking-[0.15em] uppercase">
          Your visit
        </h2>
        <VisitTimes seat={seat} />
        {live && !seat.onMyWayAt && !seat.checkedInAt && (
          <OnMyWayForm error={errorsOf("on-my-way")?.fieldErrors?.etaMinutes} />
        )}
        {live && !seat.checkedInAt && <CheckInForm error={errorsOf("check-in")?.message} />}
      </section>

      <JobChecklist items={visit.checklist} open={live && onSite} />
      {live && onSite && (
        <CheckOutForm
          items={visit.checklist}
          errors={errorsOf("check-out")?.fieldErrors}
          message={errorsOf("check-out")?.message}
        />
      )}
      <JobPhotos
        photos={visit.photos}
        canAdd={live && Boolean(seat.checkedInAt)}
        canDelete={live}
        errors={errorsOf("photo")?.fieldErrors}
      />
      <ProblemsReported problems={visit.problems} />
      {live && <ProblemForm errors={errorsOf("problem")?.fieldErrors} />}
    </>
  );
}

function VisitTimes({ seat }: { seat: JobVisitView["seat"] }) {
  const steps: [string, string | null][] = [
    ["On my way", seat.onMyWayAt],
    ["Checked in", seat.checkedInAt],
    ["Checked out", seat.checkedOutAt],
  ];
  const done = steps.filter((step): step is [string, string] => step[1] !== null);
  if (done.length === 0) return null;
  return (
    <JobFacts
      className="gap-y-1 text-sm"
      facts={done.map(([label, at]) => [label, visitClock(at)] as const)}
    />
  );
}

function ProblemsReported({ problems }: { problems: JobVisitView["problems"] }) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="problems-heading" className="mt-8">
      <h2 id="problems-heading" className="text-sm font-semibold tracking-[0.15em] uppercase">
        Problems reported
      </h2>
      <ul className="mt-3 grid gap-2 text-sm">
        {problems.map((problem, index) => (
          <li key={index} className="rounded-md border border-danger/30 bg-white px-4 py-3">
            <span className="font-semibold">{problem.kind}</span> · {problem.by} at {problem.at}
            {problem.details && <p className="mt-1">{problem.details}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
