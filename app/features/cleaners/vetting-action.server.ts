import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import type { ProfileAnswer } from "./profile-answer";
import { addTimeOff, recordPoliceCheck } from "./vetting.service.server";
import { VETTING_TEXT } from "./vetting.schema";

// The cleaner profile's vetting posts (docs/decisions/0042-who-is-free-for-a-job.md): recording a
// police check and adding time off. The route has checked cleaners.manage.

/** The answer to one vetting form and its HTTP status. */
export async function vettingAction(
  intent: "police-check" | "time-off",
  cleanerId: string,
  form: FormData,
  staffId: string,
  context: Pick<AppContext, "db" | "clientIp">,
): Promise<[ProfileAnswer, number]> {
  const actor = { staffId, ip: context.clientIp };
  const result =
    intent === "police-check"
      ? await recordPoliceCheck(context.db, cleanerId, form, actor)
      : await addTimeOff(context.db, cleanerId, form, actor);
  if (result.ok) {
    const title =
      intent === "police-check" ? VETTING_TEXT.checkRecorded : VETTING_TEXT.timeOffAdded;
    return [{ intent, saved: true, toast: { tone: "saved", title } }, 200];
  }
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  // A refused field answers 400, as the back office's forms do.
  const status = result.kind === "invalid" ? 400 : failureStatus(result.kind);
  const problem = result.fieldErrors
    ? { fieldErrors: result.fieldErrors, values }
    : { formError: result.message };
  return [{ intent, ...problem } as ProfileAnswer, status];
}
