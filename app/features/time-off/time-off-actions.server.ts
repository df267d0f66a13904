import { data } from "react-router";
import { failureStatus, type Failure } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { TIME_OFF_TEXT } from "./time-off-copy";
import { decideTimeOff, requestTimeOff, withdrawTimeOff } from "./time-off.service.server";
import { saveWorkingPattern } from "./working-pattern.service.server";

// The posts of the cleaner's Availability page and the staff decision on the cleaner's profile
// (docs/decisions/0070-cleaner-time-off-and-working-pattern.md). The routes have checked the
// cleaner's session or the staff permission and the same-origin rule.

type Context = Pick<AppContext, "db" | "config" | "clientIp">;

export type AvailabilityActionData = {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string | undefined>;
};

const NO_STORE = { "Cache-Control": "private, no-store" };

function answer(intent: string, result: { ok: true } | Failure, done: string) {
  if (result.ok) {
    return data<AvailabilityActionData>({ intent, ok: true, message: done }, { headers: NO_STORE });
  }
  // Another cleaner's time off answers as if it did not exist.
  if (result.kind === "not_found") throw data(null, { status: 404, headers: NO_STORE });
  return data<AvailabilityActionData>(
    { intent, ok: false, message: result.message, fieldErrors: result.fieldErrors },
    { status: failureStatus(result.kind), headers: NO_STORE },
  );
}

/** /cleaner/availability: the working pattern, a time-off request, or withdrawing one. */
export async function submitCleanerAvailability(
  cleaner: { id: string; name: string },
  form: FormData,
  context: Context,
) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "pattern") {
    const result = await saveWorkingPattern(context.db, cleaner.id, form);
    return answer(intent, result, TIME_OFF_TEXT.patternSaved);
  }
  if (intent === "time-off") {
    const result = await requestTimeOff(context.db, {
      cleanerId: cleaner.id,
      cleanerName: cleaner.name,
      form,
      publicUrl: context.config.publicUrl,
    });
    return answer(intent, result, TIME_OFF_TEXT.requested);
  }
  if (intent === "withdraw") {
    const result = await withdrawTimeOff(context.db, {
      cleanerId: cleaner.id,
      timeOffId: form.get("timeOffId"),
    });
    return answer(intent, result, TIME_OFF_TEXT.withdrawn);
  }
  return answer(intent, { ok: false, kind: "malformed", message: TIME_OFF_TEXT.gone }, "");
}

/** The cleaner's profile: approve or refuse a time-off request (cleaners.manage). */
export async function submitTimeOffDecision(
  cleanerId: string,
  form: FormData,
  staffId: string,
  context: Context,
) {
  const decision = form.get("decision");
  const result = await decideTimeOff(context.db, {
    cleanerId,
    timeOffId: form.get("timeOffId"),
    decision,
    staffId,
    ip: context.clientIp || null,
  });
  const done = decision === "approved" ? TIME_OFF_TEXT.approved : TIME_OFF_TEXT.refused;
  return answer("time-off-decision", result, done);
}
