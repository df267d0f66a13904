import type { Kysely } from "kysely";
import { VETTING_TEXT } from "~/features/cleaners/vetting.schema";
import { backOfficeUrl, notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { formatLongDate } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, fieldFailure, type Result } from "~/lib/result";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import type { TimeOffStatus } from "~/server/tables/cleaners";
import { TIME_OFF_TEXT } from "./time-off-copy";
import {
  countAcceptedJobsBetween,
  decideTimeOffRequest,
  deleteTimeOffIn,
  findCleanersTimeOff,
  findTimeOffListFrom,
  insertTimeOffRequest,
} from "./time-off.repository.server";
import { TimeOffRequestSchema } from "./time-off.schema";

// docs/decisions/0070-cleaner-time-off-and-working-pattern.md: a cleaner asks for time off in
// their app; staff approve or refuse it on the cleaner's profile; only approved time off keeps
// the cleaner from jobs. Nobody removes approved time off with accepted jobs inside it except
// staff, who decide what happens to those jobs.

export const TIME_OFF_REQUESTED = "cleaner.time_off_requested";
export const TIME_OFF_DECIDED = "cleaner.time_off_decided";
export const TIME_OFF_WITHDRAWN = "cleaner.time_off_withdrawn";

export type TimeOffEntry = { id: string; startsOn: string; endsOn: string; status: TimeOffStatus };

type TimeOffField = "startsOn" | "endsOn";

/** The cleaner's time off still to come or under way, with each entry's status. */
export async function listCleanerTimeOff(
  db: Kysely<Database>,
  cleanerId: string,
  now = new Date(),
): Promise<TimeOffEntry[]> {
  const rows = await findTimeOffListFrom(db, cleanerId, sydneyDate(now));
  return rows.map((row) => ({
    id: row.id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    status: row.status,
  }));
}

/** A cleaner asks for time off: stored as a request, staff told by email. Audited. */
export async function requestTimeOff(
  db: Kysely<Database>,
  input: { cleanerId: string; cleanerName: string; form: FormData; publicUrl: string },
  now = new Date(),
): Promise<Result<object, TimeOffField>> {
  const parsed = parseForm(input.form, TimeOffRequestSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? VETTING_TEXT.startsOn;
    return failure("malformed", message, parsed.fieldErrors);
  }
  const { startsOn, endsOn } = parsed.value;
  if (startsOn < sydneyDate(now)) {
    return fieldFailure("invalid", "startsOn", TIME_OFF_TEXT.startsInPast);
  }
  if (endsOn > addDays(startsOn, 365)) {
    return fieldFailure("invalid", "endsOn", VETTING_TEXT.tooLong);
  }
  return db.transaction().execute(async (trx) => {
    const id = newId();
    const at = now.toISOString();
    await insertTimeOffRequest(trx, {
      id,
      cleaner_id: input.cleanerId,
      starts_on: startsOn,
      ends_on: endsOn,
      status: "requested",
      created_by: null,
      created_at: at,
    });
    await audit(
      trx,
      { cleanerId: input.cleanerId, action: TIME_OFF_REQUESTED, at },
      {
        id,
        startsOn,
        endsOn,
      },
    );
    const days = `${formatLongDate(startsOn)} to ${formatLongDate(endsOn)}`;
    await notifyStaffByEmail(trx, {
      topic: TIME_OFF_REQUESTED,
      subjectType: "cleaner",
      subjectId: input.cleanerId,
      subject: `Time off requested: ${input.cleanerName}, ${days}`,
      heading: "A cleaner asked for time off",
      paragraphs: [
        `${input.cleanerName} asked for time off from ${days}.`,
        "Approve or refuse it on their profile. Until it is approved they can still be offered jobs on those days.",
      ],
      link: {
        label: "Open their profile",
        url: backOfficeUrl(input.publicUrl, `/admin/cleaners/${input.cleanerId}`),
      },
    });
    return { ok: true as const };
  });
}

/**
 * A cleaner takes back a request, or removes approved time off with no accepted job inside it.
 * Approved time off with accepted jobs inside is refused: staff decide what happens to the jobs.
 */
export async function withdrawTimeOff(
  db: Kysely<Database>,
  input: { cleanerId: string; timeOffId: unknown },
  now = new Date(),
): Promise<Result> {
  const id = input.timeOffId;
  if (typeof id !== "string" || id.length === 0 || id.length > 64) {
    return failure("malformed", TIME_OFF_TEXT.gone);
  }
  return db.transaction().execute(async (trx) => {
    const spell = await findCleanersTimeOff(trx, input.cleanerId, id);
    if (!spell || spell.status === "refused") return failure("not_found", TIME_OFF_TEXT.gone);
    if (spell.status === "approved") {
      const jobs = await countAcceptedJobsBetween(
        trx,
        input.cleanerId,
        spell.starts_on,
        spell.ends_on,
      );
      if (jobs > 0) return failure("conflict", TIME_OFF_TEXT.hasJobs(jobs));
    }
    if (!(await deleteTimeOffIn(trx, { cleanerId: input.cleanerId, id, status: spell.status }))) {
      return failure("conflict", TIME_OFF_TEXT.changed);
    }
    await audit(
      trx,
      { cleanerId: input.cleanerId, action: TIME_OFF_WITHDRAWN, at: now.toISOString() },
      {
        id,
        startsOn: spell.starts_on,
        endsOn: spell.ends_on,
        status: spell.status,
      },
    );
    return { ok: true as const };
  });
}

/** Staff approve or refuse a cleaner's request (cleaners.manage, checked by the route). Audited. */
export async function decideTimeOff(
  db: Kysely<Database>,
  input: {
    cleanerId: string;
    timeOffId: unknown;
    decision: unknown;
    staffId: string;
    ip?: string | null;
  },
  now = new Date(),
): Promise<Result<{ status: "approved" | "refused" }>> {
  const id = input.timeOffId;
  const decision = input.decision;
  if (typeof id !== "string" || id.length === 0 || id.length > 64) {
    return failure("malformed", TIME_OFF_TEXT.gone);
  }
  if (decision !== "approved" && decision !== "refused") {
    return failure("malformed", TIME_OFF_TEXT.chooseDecision);
  }
  return db.transaction().execute(async (trx) => {
    const spell = await findCleanersTimeOff(trx, input.cleanerId, id);
    if (!spell) return failure<string>("not_found", TIME_OFF_TEXT.gone);
    const at = now.toISOString();
    const decided = await decideTimeOffRequest(trx, {
      cleanerId: input.cleanerId,
      id,
      status: decision,
      by: input.staffId,
      at,
    });
    if (!decided) return failure<string>("conflict", TIME_OFF_TEXT.alreadyDecided);
    await audit(
      trx,
      {
        cleanerId: input.cleanerId,
        action: TIME_OFF_DECIDED,
        at,
        staffId: input.staffId,
        ip: input.ip,
      },
      { id, startsOn: spell.starts_on, endsOn: spell.ends_on, decision },
    );
    return { ok: true as const, status: decision };
  });
}

async function audit(
  trx: Kysely<Database>,
  entry: { cleanerId: string; action: string; at: string; staffId?: string; ip?: string | null },
  details: Record<string, unknown>,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: entry.staffId ? "staff" : "cleaner",
    actor_id: entry.staffId ?? entry.cleanerId,
    action: entry.action,
    subject_type: "cleaner",
    subject_id: entry.cleanerId,
    details: JSON.stringify(details),
    ip: entry.ip ?? null,
    created_at: entry.at,
  });
}
