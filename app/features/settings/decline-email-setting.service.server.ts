import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  declineEmailParagraphs,
  DECLINE_EMAIL_SETTING,
  DEFAULT_DECLINE_EMAIL_TEXT,
  StoredDeclineEmailSchema,
} from "./decline-email-setting";
import { findSettingValue, upsertSetting } from "./settings.repository.server";

// docs/decisions/0056-application-outcomes-and-documents.md: the decline email's words.

/** The message a declined applicant receives: the saved text, else the default. */
export async function getDeclineEmailText(db: Kysely<Database>) {
  return (
    (await findSettingValue(db, DECLINE_EMAIL_SETTING, StoredDeclineEmailSchema)) ??
    DEFAULT_DECLINE_EMAIL_TEXT
  );
}

/** The decline email's paragraphs, as the email lays them out. */
export async function getDeclineEmailParagraphs(db: Kysely<Database>) {
  return declineEmailParagraphs(await getDeclineEmailText(db));
}

/** Saves the message an owner wrote, with an audit entry (no text in it) when it changed. */
export async function updateDeclineEmailText(
  db: Kysely<Database>,
  text: string,
  actor: { staffId: string; ip: string | null },
  now = new Date(),
) {
  const valid = StoredDeclineEmailSchema.parse(text);
  await db.transaction().execute(async (trx) => {
    const before = await getDeclineEmailText(trx);
    const at = now.toISOString();
    await upsertSetting(trx, {
      key: DECLINE_EMAIL_SETTING,
      value: JSON.stringify(valid),
      updated_at: at,
      updated_by: actor.staffId,
    });
    if (before === valid) return;
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: "settings.decline_email_updated",
      subject_type: "settings",
      subject_id: DECLINE_EMAIL_SETTING,
      details: null,
      ip: actor.ip,
      created_at: at,
    });
  });
}
