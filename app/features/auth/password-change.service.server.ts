import type { Kysely } from "kysely";
import { failure, fieldFailure, type Result } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { recordAuthEvent } from "./auth-audit.server";
import { SIGN_IN_TEXT } from "./auth.schema";
import { hashPassword, inHashingTurn, verifyPassword } from "./password.server";
import { PASSWORD_TEXT, type ChangePasswordInput } from "./password.schema";
import { deleteOtherSessionsOfUser } from "./sessions.repository.server";
import {
  claimSignInAttempt,
  forgiveSignInAttempt,
  recordSignInFailure,
  signInThrottleKeys,
} from "./sign-in-throttle.server";
import { findStaffAuthById, updateStaff } from "./staff.repository.server";

// Your account's "Change password" (docs/decisions/0045-password-changes-and-resets.md).

export type ChangePasswordResult = Result<object, "currentPassword">;

const wrongCurrent = () => fieldFailure("invalid", "currentPassword", PASSWORD_TEXT.wrongCurrent);

/**
 * Replaces the signed-in member's password after they type the current one. Wrong current
 * passwords count against the sign-in throttle, so a borrowed session is no password-guessing
 * oracle. Every other session of the account ends; the one making the change (`sessionId`, the
 * stored SHA-256 of its token) stays signed in.
 */
export async function changePassword(
  deps: { db: Kysely<Database>; config: Pick<AppConfig, "RATE_LIMITS"> },
  who: { staffId: string; sessionId: string },
  input: ChangePasswordInput,
  request: { ip: string; now?: Date },
): Promise<ChangePasswordResult> {
  const { db, config } = deps;
  const now = request.now ?? new Date();
  const options = { config, now };
  const staff = await findStaffAuthById(db, who.staffId);
  if (!staff) return wrongCurrent();
  const keys = signInThrottleKeys(staff.email, request.ip);
  const attempt = await claimSignInAttempt(db, keys, options);
  if (attempt.status === "throttled") return failure("rate_limited", SIGN_IN_TEXT.throttled);
  const checked = await inHashingTurn(async () => {
    const matches = await verifyPassword(input.currentPassword, staff.password_hash);
    return { matches, next: matches ? await hashPassword(input.password) : "" };
  });
  if (!checked.ok) return checked;
  const hashes = checked.value;
  if (!hashes.matches) {
    await recordSignInFailure(db, keys, attempt, options);
    await recordAuthEvent(db, {
      action: "staff.password_change_failed",
      staffId: staff.id,
      subjectId: staff.id,
      ip: request.ip,
      now,
    });
    return wrongCurrent();
  }
  await forgiveSignInAttempt(db, keys, options);
  await db.transaction().execute(async (trx) => {
    await updateStaff(trx, staff.id, { password_hash: hashes.next, updated_at: now.toISOString() });
    await deleteOtherSessionsOfUser(trx, "staff", staff.id, who.sessionId);
    await recordAuthEvent(trx, {
      action: "staff.password_changed",
      staffId: staff.id,
      subjectId: staff.id,
      ip: request.ip,
      now,
      details: { method: "account" },
    });
  });
  return { ok: true };
}
