import type { Kysely } from "kysely";
import { z } from "zod";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { findSettingValue, upsertSetting } from "./settings.repository.server";
import type { SettingsActor } from "./settings.service.server";

// How staff must sign in, set by an owner on the Team screen
// (docs/decisions/0045-password-changes-and-resets.md). The auth feature enforces it.

const STAFF_SIGN_IN = "staff_sign_in";

const StaffSignInPolicySchema = z.object({ requireTwoFactor: z.boolean() });
export type StaffSignInPolicy = z.infer<typeof StaffSignInPolicySchema>;

/** Off until an owner turns it on; a stored value that does not fit reads as off too. */
export async function getStaffSignInPolicy(db: Kysely<Database>): Promise<StaffSignInPolicy> {
  return (
    (await findSettingValue(db, STAFF_SIGN_IN, StaffSignInPolicySchema)) ?? {
      requireTwoFactor: false,
    }
  );
}

/** Saves the policy; a change is audited with what it was and what it became. */
export async function updateStaffSignInPolicy(
  db: Kysely<Database>,
  policy: StaffSignInPolicy,
  actor: SettingsActor,
  now = new Date(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await getStaffSignInPolicy(trx);
    if (before.requireTwoFactor === policy.requireTwoFactor) return false;
    const at = now.toISOString();
    await upsertSetting(trx, {
      key: STAFF_SIGN_IN,
      value: JSON.stringify(policy),
      updated_at: at,
      updated_by: actor.staffId,
    });
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: "settings.staff_sign_in_updated",
      subject_type: "settings",
      details: JSON.stringify({
        from: { requireTwoFactor: before.requireTwoFactor },
        to: { requireTwoFactor: policy.requireTwoFactor },
      }),
      ip: actor.ip || null,
      created_at: at,
    });
    return true;
  });
}
