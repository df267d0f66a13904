import type { Kysely } from "kysely";
import type { Database, SmsChoiceSource } from "~/server/database";

// The SMS choices, one row per E.164 number (docs/decisions/0076-sms-beside-email.md).

export async function findSmsPreference(db: Kysely<Database>, phone: string) {
  return db.selectFrom("sms_preferences").selectAll().where("phone", "=", phone).executeTakeFirst();
}

/** The latest choice wins, wherever it was made. */
export async function saveSmsPreference(
  db: Kysely<Database>,
  row: { phone: string; optedIn: boolean; source: SmsChoiceSource; at: string },
) {
  const values = {
    opted_in: row.optedIn ? 1 : 0,
    source: row.source,
    updated_at: row.at,
  };
  await db
    .insertInto("sms_preferences")
    .values({ phone: row.phone, ...values })
    .onConflict((oc) => oc.column("phone").doUpdateSet(values))
    .execute();
}

/** The phone a quote's client gave, for an opt-in made while booking it. */
export async function findQuotePhone(db: Kysely<Database>, quoteId: string) {
  const row = await db
    .selectFrom("quotes")
    .select("client_phone")
    .where("id", "=", quoteId)
    .executeTakeFirst();
  return row?.client_phone ?? null;
}
