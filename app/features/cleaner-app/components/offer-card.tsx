import { JobFacts } from "~/components/cleaner/job-facts";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field, Textarea } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import type { CleanerOffer } from "../cleaner-app";
import { CLEANER_HOME_TEXT } from "../cleaner-app-copy";
import { DECLINE_REASON_MAX } from "../cleaner-app.schema";
import { answerWithin } from "../countdown";

/** The server's words for the time left, then the same words recomputed each minute. */
function useCountdown(deadline: string, serverText: string) {
  const [text, setText] = useState(serverText);
  useEffect(() => {
    const tick = () => setText(answerWithin(deadline, new Date()));
    tick();
    const timer = window.setInterval(tick, 30_000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return text;
}

/** An open offer with its countdown, Accept, and Decline with an optional reason. */
export function OfferCard({
  offer,
  problem,
}: {
  offer: CleanerOffer;
  problem?: { message: string; reason?: string };
}) {
  const countdown = useCountdown(offer.deadline, offer.answerWithin);
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("assignmentId") === offer.id;
  const headingId = `offer-${offer.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-5">
      <p className="text-sm font-semibold text-gold-deep" aria-live="polite">
        {countdown}
      </p>
      <h3 id={headingId} className="mt-1 font-display text-xl font-medium">
        {offer.suburb}
      </h3>
      <JobFacts
        className="mt-3 gap-y-1 text-sm"
        facts={[
          ["Day", offer.day],
          ["Time", offer.time],
          ["Length", offer.onSite],
          ["Pay", offer.pay],
        ]}
      />
      {problem && (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {problem.message}
        </p>
      )}
      <Form method="post" className="mt-4">
        <input type="hidden" name="assignmentId" value={offer.id} />
        <button
          type="submit"
          name="answer"
          value="accept"
          disabled={busy}
          className={buttonClasses("ink", "w-full sm:w-auto")}
        >
          {CLEANER_HOME_TEXT.accept}
        </button>
      </Form>
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold underline underline-offset-4">
          {CLEANER_HOME_TEXT.decline}…
        </summary>
        <Form method="post" className="mt-2 grid gap-3">
          <input type="hidden" name="assignmentId" value={offer.id} />
          <Field
            label={CLEANER_HOME_TEXT.declineReason}
            hint={CLEANER_HOME_TEXT.declineHint}
            error={problem?.reason}
            id={`reason-${offer.id}`}
          >
            {(control) => (
              <Textarea {...control} name="reason" rows={3} maxLength={DECLINE_REASON_MAX} />
            )}
          </Field>
          <button
            type="submit"
            name="answer"
            value="decline"
            disabled={busy}
            className={buttonClasses("outline", "w-full sm:w-auto")}
          >
            {CLEANER_HOME_TEXT.decline}
          </button>
        </Form>
      </details>
    </article>
  );
}
