import type { Kysely } from "kysely";
import { z } from "zod";
import { notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { getPoliceCheckYears } from "~/features/settings/police-check-setting.service.server";
import { formatLongDate } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { jsonColumnOr } from "~/lib/json-column";
import { failure, fieldFailure, type Result } from "~/lib/result";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { PROFILE_TEXT } from "./cleaner-admin-copy";
import { POLICE_CHECK_ALERT_DAYS, policeCheckExpiry } from "./police-check";
import {
  findCleanerAlerts,
  findCleanerVetting,
  findLapsingPoliceChecks,
  deleteTimeOff,
  findTimeOffFrom,
  insertTimeOff,
  updatePoliceCheck,
} from "./vetting.repository.server";
import {
  PoliceCheckFormSchema,
  TimeOffFormSchema,
  VETTING_TEXT,
  type PoliceCheckField,
  type TimeOffField,
} from "./vetting.schema";

// docs/decisions/0042-who-is-free-for-a-job.md: staff record a cleaner's police check (its date
// and expiry) and time off; staff are alerted before a working cleaner's check lapses.

export const POLICE_CHECK_RECORDED = "cleaner.police_check_recorded";
export const POLICE_CHECK_LAPSING_ALERT = "cleaner.police_check_lapsing";

type Actor = { staffId: string; ip?: string | null };

/** The application's answers, kept whole: only the police check's two answers change. */
const MetadataSchema = z.record(z.string(), z.unknown());

/**
 * Records a police check: its date in the cleaner's answers and its expiry, the date typed or
 * the check date plus the "police check validity" setting. Audited.
 */
export async function recordPoliceCheck(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData | URLSearchParams,
  actor: Actor,
  now = new Date(),
): Promise<Result<{ expiresOn: string }, PoliceCheckField>> {
  const parsed = parseForm(form, PoliceCheckFormSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? VETTING_TEXT.checkedOn;
    return failure("invalid", message, parsed.fieldErrors);
  }
  const { checkedOn, expiresOn: typed } = parsed.value;
  if (checkedOn > sydneyDate(now)) {
    return fieldFailure("invalid", "checkedOn", VETTING_TEXT.checkedInFuture);
  }
  return db.transaction().execute(async (trx) => {
    const cleaner = await findCleanerVetting(trx, cleanerId);
    if (!cleaner) return failure<PoliceCheckField>("not_found", PROFILE_TEXT.notFound);
    const expiresOn = typed || policeCheckExpiry(checkedOn, await getPoliceCheckYears(trx));
    const metadata = jsonColumnOr(MetadataSchema, cleaner.additional_metadata, {});
    const at = now.toISOString();
    await updatePoliceCheck(trx, cleanerId, {
      additional_metadata: JSON.stringify({
        ...metadata,
        has_police_check: true,
        police_check_date: checkedOn,
      }),
      police_check_expires_on: expiresOn,
      updated_at: at,
    });
    await audit(trx, cleanerId, POLICE_CHECK_RECORDED, actor, at, { checkedOn, expiresOn });
    return { ok: true as const, expiresOn };
  });
}

/** Adds a spell of time off (first and last day included) for a cleaner. Audited. */
export async function addTimeOff(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData | URLSearchParams,
  actor: Actor,
  now = new Date(),
): Promise<Result<object, TimeOffField>> {
  const parsed = parseForm(form, TimeOffFormSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? VETTING_TEXT.startsOn;
    return failure("invalid", message, parsed.fieldErrors);
  }
  const { startsOn, endsOn } = parsed.value;
  if (endsOn < sydneyDate(now)) return fieldFailure("invalid", "endsOn", VETTING_TEXT.endsInPast);
  if (endsOn > addDays(startsOn, 365)) {
    return fieldFailure("invalid", "endsOn", VETTING_TEXT.tooLong);
  }
  return db.transaction().execute(async (trx) => {
    if (!(await findCleanerVetting(trx, cleanerId))) {
      return failure<TimeOffField>("not_found", PROFILE_TEXT.notFound);
    }
    const id = newId();
    const at = now.toISOString();
    await insertTimeOff(trx, {
      id,
      cleaner_id: cleanerId,
      starts_on: startsOn,
      ends_on: endsOn,
      created_by: actor.staffId,
      created_at: at,
    });
    await audit(trx, cleanerId, "cleaner.time_off_added", actor, at, { id, startsOn, endsOn });
    return { ok: true as const };
  });
}

/**
 * Removes a spell of time off added by mistake or cancelled, so the cleaner is free those days
 * again; audited with the days it covered.
 */
export async function removeTimeOff(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData | URLSearchParams,
  actor: Actor,
  now = new Date(),
): Promise<Result> {
  const id = form.get("timeOffId");
  if (typeof id !== "string" || id.length === 0 || id.length > 64) {
    return failure("malformed", VETTING_TEXT.timeOffGone);
  }
  return db.transaction().execute(async (trx) => {
    const spell = await deleteTimeOff(trx, cleanerId, id);
    if (!spell) return failure("not_found", VETTING_TEXT.timeOffGone);
    await audit(trx, cleanerId, "cleaner.time_off_removed", actor, now.toISOString(), {
      id,
      startsOn: spell.starts_on,
      endsOn: spell.ends_on,
    });
    return { ok: true as const };
  });
}

/** The cleaner's time off still to come (or under way), for the profile. */
export async function getUpcomingTimeOff(
  db: Kysely<Database>,
  cleanerId: string,
  now = new Date(),
) {
  const rows = await findTimeOffFrom(db, cleanerId, sydneyDate(now));
  return rows.map((row) => ({
    id: row.id,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    requested: row.status === "requested",
  }));
}

/**
 * Emails staff about each cleaner taking jobs whose police check lapses within 30 days (or has
 * lapsed), once per expiry date: the audit entry written with the email marks it raised.
 * Returns how many were raised. Run by the assignments sweep.
 */
export async function alertLapsingPoliceChecks(
  db: Kysely<Database>,
  publicUrl: string,
  now = new Date(),
) {
  const lapsing = await findLapsingPoliceChecks(
    db,
    addDays(sydneyDate(now), POLICE_CHECK_ALERT_DAYS),
  );
  const raised = await findCleanerAlerts(
    db,
    POLICE_CHECK_LAPSING_ALERT,
    lapsing.map((cleaner) => cleaner.id),
  );
  const done = new Set(raised.map((alert) => `${alert.subject_id} ${alert.details}`));
  let count = 0;
  for (const cleaner of lapsing) {
    const expiresOn = cleaner.police_check_expires_on!;
    const details = { expiresOn };
    if (done.has(`${cleaner.id} ${JSON.stringify(details)}`)) continue;
    await db.transaction().execute(async (trx) => {
      const at = now.toISOString();
      await audit(trx, cleaner.id, POLICE_CHECK_LAPSING_ALERT, null, at, details);
      await notifyStaffOfLapsingCheck(trx, { ...cleaner, expiresOn, publicUrl, now });
    });
    count += 1;
  }
  return count;
}

function notifyStaffOfLapsingCheck(
  trx: Kysely<Database>,
  input: { id: string; name: string; expiresOn: string; publicUrl: string; now: Date },
) {
  const lapsed = input.expiresOn < sydneyDate(input.now);
  const when = formatLongDate(input.expiresOn);
  return notifyStaffByEmail(trx, {
    topic: "cleaner.police_check_lapsing",
    subjectType: "cleaner",
    subjectId: input.id,
    subject: `Police check ${lapsed ? "lapsed" : "lapsing"}: ${input.name}, ${when}`,
    heading: "A police check needs renewing",
    paragraphs: [
      `${input.name}'s police check ${lapsed ? "expired on" : "expires on"} ${when}.`,
      "Without a current check they cannot be Available or offered jobs. Record the new check on their profile.",
      `${input.publicUrl.replace(/\/+$/, "")}/admin/cleaners/${input.id}`,
    ],
  });
}

async function audit(
  trx: Kysely<Database>,
  cleanerId: string,
  action: string,
  actor: Actor | null,
  at: string,
  details: Record<string, unknown>,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor ? "staff" : "system",
    actor_id: actor?.staffId ?? null,
    action,
    subject_type: "cleaner",
    subject_id: cleanerId,
    details: JSON.stringify(details),
    ip: actor?.ip ?? null,
    created_at: at,
  });
}
