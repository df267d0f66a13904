import { useFetcher } from "react-router";
import { TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { formatShortDate } from "~/lib/format";
import type { CleanerProfile } from "../cleaner-profile";
import type { ProfileAnswer } from "../profile-answer";
import { PoliceCheckFormSchema, TimeOffFormSchema } from "../vetting.schema";
import { Section } from "./profile-sections";

// docs/decisions/0042-who-is-free-for-a-job.md: staff record a cleaner's police check (without
// a current one they are never Available nor offered a job) and the days they are off.

const SUBMIT = buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light");

function useVettingForm<Intent extends "police-check" | "time-off" | "time-off-remove">(
  intent: Intent,
) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === intent ? fetcher.data : undefined;
  useResultToast(answer);
  return { fetcher, answer, busy: fetcher.state !== "idle" };
}

export function VettingForms({ cleaner }: { cleaner: CleanerProfile }) {
  return (
    <Section id="vetting" title="Police check and time off">
      <div className="grid gap-8 lg:grid-cols-2">
        <PoliceCheckForm cleaner={cleaner} />
        <TimeOffForm cleaner={cleaner} />
      </div>
    </Section>
  );
}

function PoliceCheckForm({ cleaner }: { cleaner: CleanerProfile }) {
  const { fetcher, answer, busy } = useVettingForm("police-check");
  const { fields, formProps } = useAppForm(PoliceCheckFormSchema, {
    id: "police-check",
    result: answer,
  });
  const { policeCheckExpiresOn: expiresOn, policeCheckProblem: problem } = cleaner.verification;
  return (
    <fetcher.Form method="post" {...formProps} className="space-y-4">
      <h3 className="font-semibold">Record a police check</h3>
      <p className="text-sm text-muted dark:text-mist">
        {problem ?? `Current until ${formatShortDate(expiresOn!)}.`}
      </p>
      <input type="hidden" name="intent" value="police-check" />
      <FormMessage message={answer?.formError} />
      <TextField meta={fields.checkedOn} label="Date of the check" type="date" />
      <TextField
        meta={fields.expiresOn}
        label="Expires on"
        type="date"
        hint={`Leave empty for ${cleaner.policeCheckYears} years after the check (the police check validity setting).`}
      />
      <button type="submit" disabled={busy} className={SUBMIT}>
        {busy ? "Saving..." : "Record police check"}
      </button>
    </fetcher.Form>
  );
}

function TimeOffForm({ cleaner }: { cleaner: CleanerProfile }) {
  const { fetcher, answer, busy } = useVettingForm("time-off");
  const { fields, formProps } = useAppForm(TimeOffFormSchema, { id: "time-off", result: answer });
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">Time off</h3>
      {cleaner.timeOff.length === 0 ? (
        <p className="text-sm text-muted dark:text-mist">No time off ahead.</p>
      ) : (
        <ul aria-label="Time off ahead" className="space-y-2 text-sm">
          {cleaner.timeOff.map((spell) => (
            <TimeOffSpell key={spell.id} spell={spell} />
          ))}
        </ul>
      )}
      <fetcher.Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="time-off" />
        <FormMessage message={answer?.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.startsOn} label="First day off" type="date" />
          <TextField meta={fields.endsOn} label="Last day off" type="date" />
        </div>
        <button type="submit" disabled={busy} className={SUBMIT}>
          {busy ? "Saving..." : "Add time off"}
        </button>
      </fetcher.Form>
    </div>
  );
}

/** One spell of time off, with its own Remove (a cancelled holiday frees the days again). */
function TimeOffSpell({ spell }: { spell: CleanerProfile["timeOff"][number] }) {
  const { fetcher, answer, busy } = useVettingForm("time-off-remove");
  const days =
    spell.startsOn === spell.endsOn
      ? formatShortDate(spell.startsOn)
      : `${formatShortDate(spell.startsOn)} to ${formatShortDate(spell.endsOn)}`;
  if (spell.requested) return <TimeOffRequest id={spell.id} days={days} />;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3">
      <span>{days}</span>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="time-off-remove" />
        <input type="hidden" name="timeOffId" value={spell.id} />
        <button
          type="submit"
          disabled={busy}
          aria-label={`Remove time off ${days}`}
          className="min-h-11 rounded-md px-3 text-sm font-semibold underline underline-offset-4 hover:text-gold-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep"
        >
          {busy ? "Removing..." : "Remove"}
        </button>
      </fetcher.Form>
      <div className="w-full empty:hidden">
        <FormMessage message={answer?.formError} />
      </div>
    </li>
  );
}

const DECISION_BUTTON =
  "min-h-11 rounded-md px-3 text-sm font-semibold underline underline-offset-4 hover:text-gold-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep";

/**
 * Time off the cleaner asked for in their app: it keeps them from nothing until staff approve it
 * (docs/decisions/0070-cleaner-time-off-and-working-pattern.md).
 */
function TimeOffRequest({ id, days }: { id: string; days: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const busy = fetcher.state !== "idle";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3">
      <span>
        {days} <span className="font-semibold">(requested by the cleaner)</span>
      </span>
      <fetcher.Form method="post" className="flex gap-1">
        <input type="hidden" name="intent" value="time-off-decision" />
        <input type="hidden" name="timeOffId" value={id} />
        <button
          type="submit"
          name="decision"
          value="approved"
          disabled={busy}
          aria-label={`Approve time off ${days}`}
          className={DECISION_BUTTON}
        >
          Approve
        </button>
        <button
          type="submit"
          name="decision"
          value="refused"
          disabled={busy}
          aria-label={`Refuse time off ${days}`}
          className={DECISION_BUTTON}
        >
          Refuse
        </button>
      </fetcher.Form>
      {fetcher.data && (
        <p role={fetcher.data.ok ? "status" : "alert"} className="w-full text-sm font-semibold">
          {fetcher.data.message}
        </p>
      )}
    </li>
  );
}
