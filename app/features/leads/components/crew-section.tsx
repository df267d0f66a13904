import { useFetcher } from "react-router";
import { Field, Input, Textarea } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";
import { CREW_TEXT, type CrewSizeResult, type CrewView } from "~/features/assignments/assignments";

// docs/decisions/0060-crews-and-cleaner-holds.md: the crew in the quote details: how far it is
// staffed ("1 of 2 cleaners"), each seat with who it was offered to, when, and what they
// answered, and the crew size, which staff change with a reason.

const SECTION = "border-t border-line pt-4 dark:border-ivory/10";
const HEADING = "text-sm font-semibold tracking-wide text-muted uppercase dark:text-mist";

export function CrewSection({ leadId, crew }: { leadId: string; crew: CrewView }) {
  const headingId = `crew-${leadId}`;
  return (
    <section aria-labelledby={headingId} className={SECTION}>
      <h3 id={headingId} className={HEADING}>
        {CREW_TEXT.heading}
      </h3>
      <p className="mt-2 font-semibold" data-testid="crew-staffing">
        {crew.staffing}
      </p>
      <ol className="mt-2 space-y-2">
        {crew.seats.map((seat) => (
          <li key={seat.seat}>
            <span className="font-semibold">{CREW_TEXT.seat(seat.seat)}: </span>
            {seat.state === "open"
              ? CREW_TEXT.open
              : `${seat.cleaner ?? ""} (${stateLabel(seat.state)})`}
            {seat.offers.length === 0 ? (
              <span className="block text-muted dark:text-mist">{CREW_TEXT.noOffers}</span>
            ) : (
              <ul className="mt-1 space-y-0.5 text-muted dark:text-mist">
                {seat.offers.map((offer) => (
                  <li key={offer.offered.iso + offer.cleaner}>
                    {offer.cleaner}, offered{offer.automatic ? " automatically" : ""}{" "}
                    <time dateTime={offer.offered.iso}>{offer.offered.label}</time>: {offer.answer}
                    {offer.answered && (
                      <>
                        {" "}
                        <time dateTime={offer.answered.iso}>{offer.answered.label}</time>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <CrewSizeForm leadId={leadId} size={crew.size} />
    </section>
  );
}

function stateLabel(state: CrewView["seats"][number]["state"]) {
  return state === "accepted" ? "accepted" : "waiting for an answer";
}

function CrewSizeForm({ leadId, size }: { leadId: string; size: number }) {
  const fetcher = useFetcher<CrewSizeResult>({ key: `lead-crew-${leadId}` });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  return (
    <details className="mt-3">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold underline underline-offset-4">
        {CREW_TEXT.submit}
      </summary>
      <fetcher.Form
        method="post"
        action={`/admin/quotes/${leadId}`}
        className="mt-2 space-y-3"
        key={size}
      >
        <input type="hidden" name="intent" value="crew-size" />
        <Field
          id={`crew-size-${leadId}`}
          className="max-w-48"
          label={CREW_TEXT.sizeLabel}
          error={result?.fieldErrors?.crewSize}
        >
          {(control) => (
            <Input
              name="crewSize"
              type="number"
              inputMode="numeric"
              min={1}
              max={12}
              defaultValue={size}
              required
              {...control}
            />
          )}
        </Field>
        <Field
          id={`crew-reason-${leadId}`}
          label={CREW_TEXT.reasonLabel}
          error={result?.fieldErrors?.reason}
          hint="Kept on the lead's timeline."
        >
          {(control) => <Textarea name="reason" rows={2} maxLength={300} required {...control} />}
        </Field>
        <FormMessage
          message={result && (result.ok || !result.fieldErrors) ? result.message : undefined}
          tone={result?.ok ? "success" : "error"}
        />
        <button
          type="submit"
          disabled={saving}
          className={buttonClasses("outline", "dark:border-ivory/40 dark:text-ivory")}
        >
          {saving ? CREW_TEXT.saving : CREW_TEXT.submit}
        </button>
      </fetcher.Form>
    </details>
  );
}
