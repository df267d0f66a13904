import { data } from "react-router";
import { CREW_TEXT, CrewSizeSchema, type CrewSizeResult } from "~/features/assignments/assignments";
import { changeCrewSize } from "~/features/assignments/crew.service.server";
import { can } from "~/features/auth/permissions";
import { parseForm } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import type { LeadActor } from "./lead-status.server";

// The quote details' crew size form (docs/decisions/0060-crews-and-cleaner-holds.md): who works
// on a job is assignments.manage, checked here since the route lets in leads.manage.

const answer = (result: Omit<CrewSizeResult, "intent">, status = 200) =>
  data<CrewSizeResult>({ intent: "crew-size", ...result }, status);

export async function crewSizeAction(
  db: Kysely<Database>,
  input: { quoteId: string; form: FormData; staff: { role: string }; actor: LeadActor },
) {
  if (!can(input.staff.role, "assignments.manage")) {
    return answer({ ok: false, message: CREW_TEXT.notAllowed }, 403);
  }
  const parsed = parseForm(input.form, CrewSizeSchema);
  if (!parsed.ok) {
    const fieldErrors = parsed.fieldErrors;
    const message = fieldErrors.crewSize ?? fieldErrors.reason ?? "Check the fields below.";
    return answer({ ok: false, message, fieldErrors }, 400);
  }
  const result = await changeCrewSize(db, {
    quoteId: input.quoteId,
    crewSize: parsed.value.crewSize,
    reason: parsed.value.reason,
    actor: input.actor,
  });
  if (!result.ok) {
    const { message, fieldErrors } = result;
    return answer({ ok: false, message, fieldErrors }, failureStatus(result.kind));
  }
  return answer({ ok: true, message: result.message });
}
