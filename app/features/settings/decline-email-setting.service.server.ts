import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import {
  declineEmailParagraphs,
  DECLINE_EMAIL_SETTING,
  DEFAULT_DECLINE_EMAIL_TEXT,
  StoredDeclineEmailSchema,
} from "./decline-email-setting";
import { saveAuditedSetting } from "./audited-setting.server";
import { findSettingValue } from "./settings.repository.server";

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
  await saveAuditedSetting(db, {
    key: DECLINE_EMAIL_SETTING,
    value: StoredDeclineEmailSchema.parse(text),
    read: getDeclineEmailText,
    action: "settings.decline_email_updated",
    details: () => null,
    actor,
    now,
  });
}
