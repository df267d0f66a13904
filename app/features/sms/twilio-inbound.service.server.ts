import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { australianMobileE164 } from "./phone-number";
import { saveSmsPreference } from "./sms.repository.server";
import { isValidTwilioSignature } from "./twilio-signature.server";

// A reply to one of our texts, sent on by Twilio (docs/decisions/0076-sms-beside-email.md).
// STOP and its synonyms (Twilio's list) opt the number out; START opts it back in. Anything else
// is left for staff to read in Twilio's console. The signature is checked before anything is used.

export const TWILIO_INBOUND_PATH = "/api/twilio/inbound";

const OPT_OUT = new Set([
  "STOP",
  "STOPALL",
  "STOP ALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "OPTOUT",
  "REVOKE",
]);
const OPT_IN = new Set(["START", "UNSTOP", "YES"]);

export type InboundResult =
  | { ok: true; change: "opted_out" | "opted_in" | "none" }
  | { ok: false; status: 403 | 404; error: string };

export async function receiveTwilioReply(
  db: Kysely<Database>,
  input: { params: [string, string][]; signature: string | null },
  config: Pick<AppConfig, "twilio" | "publicUrl">,
  now = new Date(),
): Promise<InboundResult> {
  if (!config.twilio) return { ok: false, status: 404, error: "SMS is not configured." };
  // Twilio signs the URL it was given, which is ours as the public knows it.
  const url = config.publicUrl + TWILIO_INBOUND_PATH;
  if (!isValidTwilioSignature(config.twilio.authToken, url, input.params, input.signature)) {
    return { ok: false, status: 403, error: "The signature does not match." };
  }
  const field = (name: string) => input.params.find(([key]) => key === name)?.[1] ?? "";
  const keyword = field("Body")
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, "");
  const phone = australianMobileE164(field("From"));
  const change = OPT_OUT.has(keyword) ? "opted_out" : OPT_IN.has(keyword) ? "opted_in" : "none";
  if (!phone || change === "none") return { ok: true, change: "none" };
  await db.transaction().execute(async (trx) => {
    await saveSmsPreference(trx, {
      phone,
      optedIn: change === "opted_in",
      source: "reply",
      at: now.toISOString(),
    });
    // The number itself is personal data: the audit entry names the change, not the person.
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "system",
      action: change === "opted_out" ? "sms.opted_out" : "sms.opted_in",
      subject_type: "sms_preference",
      subject_id: null,
      details: JSON.stringify({ source: "reply" }),
      created_at: now.toISOString(),
    });
  });
  return { ok: true, change };
}
