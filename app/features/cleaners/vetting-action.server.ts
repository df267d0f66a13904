import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import type { ProfileAnswer } from "./profile-answer";
import { addTimeOff, recordPoliceCheck, removeTimeOff } from "./vetting.service.server";
import { VETTING_TEXT } from "./vetting.schema";

// The cleaner profile's vetting posts (docs/decisions/0042-who-is-free-for-a-job.md): recording a
// police check, and adding or removing time off. The route has checked cleaners.manage.

export const VETTING_INTENTS = ["police-check", "time-off", "time-off-remove"] as const;
export type VettingIntent = (typeof VETTING_INTENTS)[number];

export function isVettingIntent(intent: unknown): intent is VettingIntent {
  return VETTING_INTENTS.includes(intent as VettingIntent);
}

const SAVED_TITLE: Record<VettingIntent, string> = {
  "police-check": VETTING_TEXT.checkRecorded,
  "time-off": VETTING_TEXT.timeOffAdded,
  "time-off-remove": VETTING_TEXT.timeOffRemoved,
};

/** The answer to one vetting form and its HTTP status. */
export async function vettingAction(
  intent: VettingIntent,
  cleanerId: string,
  form: FormData,
  staffId: string,
  context: Pick<AppContext, "db" | "clientIp">,
): Promise<[ProfileAnswer, number]> {
  const actor = { staffId, ip: context.clientIp };
  const result =
    intent === "police-check"
      ? await recordPoliceCheck(context.db, cleanerId, form, actor)
      : intent === "time-off"
        ? await addTimeOff(context.db, cleanerId, form, actor)
        : await removeTimeOff(context.db, cleanerId, form, actor);
  if (result.ok) {
    return [{ intent, saved: true, toast: { tone: "saved", title: SAVED_TITLE[intent] } }, 200];
  }
  if (intent === "time-off-remove") {
    const toast = { tone: "failed" as const, title: result.message };
    return [{ intent, formError: result.message, toast }, failureStatus(result.kind)];
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
