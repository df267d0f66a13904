import type { Kysely } from "kysely";
import { z } from "zod";
import { parseWorkingHours } from "~/features/availability/why-not-free";
import { CLEANER_DAY_OPTIONS } from "~/features/cleaners/cleaner-admin-copy";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { jsonColumnOr } from "~/lib/json-column";
import { failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { TIME_OFF_TEXT } from "./time-off-copy";
import { findWorkingPattern, updateWorkingPattern } from "./time-off.repository.server";
import {
  WORKING_PATTERN_TEXT,
  WorkingPatternSchema,
  workingHoursText,
  type WorkingPatternField,
} from "./time-off.schema";

// docs/decisions/0070-cleaner-time-off-and-working-pattern.md: the cleaner sets their own days and
// hours (the columns staff edit on the profile, read by the availability model), with no approval:
// it changes only which new offers they get, and each change is audited with what it was before.

export const WORKING_PATTERN_CHANGED = "cleaner.working_pattern_changed";

const DaysSchema = z.array(z.string());

/** 450 -> "07:30" */
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export type WorkingPattern = { days: string[]; startsAt: string; endsAt: string };

/**
 * The cleaner's days and hours as the form shows them: the hours read as the availability model
 * reads them ("7am-6pm" too); hours it cannot read show empty.
 */
export async function getWorkingPattern(
  db: Kysely<Database>,
  cleanerId: string,
): Promise<WorkingPattern | null> {
  const row = await findWorkingPattern(db, cleanerId);
  if (!row) return null;
  const hours = parseWorkingHours(row.working_hours);
  const days: string[] = jsonColumnOr(DaysSchema, row.availability, []);
  return {
    days: CLEANER_DAY_OPTIONS.filter((day) => days.includes(day)),
    startsAt: hours ? clockOf(hours.from) : "",
    endsAt: hours ? clockOf(hours.to) : "",
  };
}

/** Saves the cleaner's days and hours. Audited with the old and new values. */
export async function saveWorkingPattern(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData,
  now = new Date(),
): Promise<Result<object, WorkingPatternField>> {
  const parsed = parseForm(form, WorkingPatternSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? WORKING_PATTERN_TEXT.days;
    return failure("malformed", message, parsed.fieldErrors);
  }
  const { days, startsAt, endsAt } = parsed.value;
  return db.transaction().execute(async (trx) => {
    const before = await findWorkingPattern(trx, cleanerId);
    if (!before) return failure<WorkingPatternField>("not_found", TIME_OFF_TEXT.gone);
    const at = now.toISOString();
    const hours = workingHoursText(startsAt, endsAt);
    await updateWorkingPattern(trx, cleanerId, {
      availability: JSON.stringify(days),
      working_hours: hours,
      updated_at: at,
    });
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "cleaner",
      actor_id: cleanerId,
      action: WORKING_PATTERN_CHANGED,
      subject_type: "cleaner",
      subject_id: cleanerId,
      details: JSON.stringify({
        before: { days: before.availability, hours: before.working_hours },
        after: { days, hours },
      }),
      ip: null,
      created_at: at,
    });
    return { ok: true as const };
  });
}
