import type { Kysely } from "kysely";
import { enqueueEmail, enqueueSms } from "~/features/outbox/outbox.service.server";
import { getNotificationSettings } from "~/features/settings/settings.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database, SmsChoiceSource } from "~/server/database";
import { australianMobileE164 } from "./phone-number";
import { findQuotePhone, findSmsPreference, saveSmsPreference } from "./sms.repository.server";

// SMS beside email (docs/decisions/0076-sms-beside-email.md): a customer's texts go out only
// when Twilio is configured, the "SMS notifications" setting is on, and that number opted in
// (at booking or in the profile) and has not replied STOP since.

/** Records a customer's choice for a number; a number that cannot take texts is ignored. */
export async function saveSmsChoice(
  db: Kysely<Database>,
  input: { phone: string | null; optedIn: boolean; source: SmsChoiceSource; now?: Date },
) {
  const phone = australianMobileE164(input.phone);
  if (!phone) return false;
  await saveSmsPreference(db, {
    phone,
    optedIn: input.optedIn,
    source: input.source,
    at: (input.now ?? new Date()).toISOString(),
  });
  return true;
}

/** The booking form's "Text me reminders" box, ticked: the quote's phone opts in. */
export async function optInFromBooking(db: Kysely<Database>, quoteId: string, now = new Date()) {
  const phone = await findQuotePhone(db, quoteId);
  return saveSmsChoice(db, { phone, optedIn: true, source: "booking", now });
}

/** Whether this number asked for texts (and can take them). */
export async function isSmsOptedIn(db: Kysely<Database>, phone: string | null) {
  const e164 = australianMobileE164(phone);
  if (!e164) return false;
  return (await findSmsPreference(db, e164))?.opted_in === 1;
}

export type SmsChoiceView = { offered: boolean; optedIn: boolean; phone: string | null };

/**
 * What a customer's profile shows of texts: their choice for their number, offered while texts
 * can go out, and shown whenever they are opted in so they can always opt out.
 */
export async function smsChoiceFor(
  db: Kysely<Database>,
  phone: string | null,
  config: Pick<AppConfig, "twilio">,
): Promise<SmsChoiceView> {
  const mobile = australianMobileE164(phone);
  const optedIn = mobile !== null && (await isSmsOptedIn(db, mobile));
  return {
    offered: mobile !== null && (optedIn || (await smsSwitchedOn(db, config))),
    optedIn,
    phone: mobile,
  };
}

/** Whether texts can go out at all: Twilio configured and the setting on. */
export async function smsSwitchedOn(db: Kysely<Database>, config: Pick<AppConfig, "twilio">) {
  return config.twilio !== null && (await getNotificationSettings(db)).sms;
}

export type CustomerNotice = {
  topic: string;
  subjectType: string;
  subjectId: string;
  email: { to: string; subject: string; html: string; text: string; replyTo?: string };
  /** The same news in one short text, sent only to a number that opted in. */
  sms: { phone: string | null; body: string };
};

/**
 * Tells a customer something, in the caller's transaction: always by email, and by SMS too when
 * they opted in and SMS is on. Reminders use it; so should payment notices. Returns what went.
 */
export async function notifyCustomer(
  trx: Kysely<Database>,
  notice: CustomerNotice,
  config: Pick<AppConfig, "twilio">,
): Promise<{ email: true; sms: boolean }> {
  const { topic, subjectType, subjectId } = notice;
  await enqueueEmail(trx, { topic, subjectType, subjectId, ...notice.email });
  const phone = australianMobileE164(notice.sms.phone);
  const texting =
    phone !== null && (await smsSwitchedOn(trx, config)) && (await isSmsOptedIn(trx, phone));
  if (texting) {
    await enqueueSms(trx, { topic, subjectType, subjectId, to: phone, body: notice.sms.body });
  }
  return { email: true, sms: texting };
}
