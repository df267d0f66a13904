import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { upsertSetting } from "./settings.repository.server";

/**
 * Saves one setting under its own key and, when its value changed, an audit entry with it, in one
 * transaction. `read` gives the value in force before (the saved one, else its default);
 * `details` what the entry records of the change (null for a text whose words stay out of the log).
 */
export async function saveAuditedSetting<T extends string | number | boolean | object>(
  db: Kysely<Database>,
  input: {
    key: string;
    value: T;
    read: (trx: Kysely<Database>) => Promise<T>;
    action: string;
    details: (before: T, after: T) => string | null;
    actor: { staffId: string; ip: string | null };
    now: Date;
  },
) {
  await db.transaction().execute(async (trx) => {
    const before = await input.read(trx);
    const at = input.now.toISOString();
    await upsertSetting(trx, {
      key: input.key,
      value: JSON.stringify(input.value),
      updated_at: at,
      updated_by: input.actor.staffId,
    });
    // Compared as stored, so a list saved unchanged is no change either.
    if (JSON.stringify(before) === JSON.stringify(input.value)) return;
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: input.actor.staffId,
      action: input.action,
      subject_type: "settings",
      subject_id: input.key,
      details: input.details(before, input.value),
      ip: input.actor.ip,
      created_at: at,
    });
  });
}
