import type { Kysely } from "kysely";
import { newToken } from "~/lib/ids";
import { failure, type Failure } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { recordAuthEvent } from "./auth-audit.server";
import { normaliseEmail, SIGN_IN_TEXT } from "./auth.schema";
import { hashPassword, inHashingTurn, needsRehash, verifyPassword } from "./password.server";
import {
  endSession,
  STAFF_SESSIONS,
  startSession,
  type SessionRequest,
} from "./sessions.service.server";
import {
  claimFloodBudget,
  claimSignInAttempt,
  clearAccountFailures,
  forgiveFloodBudget,
  forgiveSignInAttempt,
  recordSignInFailure,
  resetFloodBudget,
  signInThrottleKeys,
  type SignInAttempt,
  type ThrottleKeys,
} from "./sign-in-throttle.server";
import { findStaffAuthById, findStaffByEmail, updateStaff } from "./staff.repository.server";
import { verifySecondFactor } from "./two-factor.service.server";

export type SignInDeps = { db: Kysely<Database>; config: AppConfig };

export type SignInRequest = SessionRequest & {
  /** Whom the request's known-device cookie names (known-device.server.ts), if anyone. */
  knownDeviceStaffId?: string | null;
};

/**
 * A refused step. `until` is when a throttled one may try again (the Retry-After); `restart`
 * says the second step is over (its account gone, or two-factor turned off meanwhile), so the
 * screen goes back to email and password.
 */
export type SignInFailure = Failure & { until?: Date; restart?: boolean };

/** `cookie` is the Set-Cookie header of the new session. */
type SignedIn = { ok: true; step: "signed-in"; staffId: string; token: string; cookie: string };

export type SignInResult =
  { ok: true; step: "second-factor"; staffId: string } | SignedIn | SignInFailure;

// docs/decisions/0002-staff-accounts-and-sessions.md: a wrong email and a wrong password read alike.
const wrongCredentials = () => failure("unauthenticated", SIGN_IN_TEXT.invalidCredentials);
const wrongCode = () => failure("unauthenticated", SIGN_IN_TEXT.invalidCode);
const codeExpired = (): SignInFailure => ({
  ...failure("unauthenticated", SIGN_IN_TEXT.codeExpired),
  restart: true,
});
const throttled = (until: Date): SignInFailure => ({
  ...failure("rate_limited", SIGN_IN_TEXT.throttled),
  until,
});

// A real scrypt hash of nothing anyone knows: an unknown email costs the same ~100 ms as a
// known one, so response times do not tell which addresses have accounts.
let decoyHash: Promise<string> | undefined;
async function decoy() {
  // Made again when the cost in force changed since (tests lower it), so it always costs what an
  // account's hash costs.
  if (decoyHash && needsRehash(await decoyHash.catch(() => ""))) decoyHash = undefined;
  // A failed try (the hashing queue was full) is not kept: the next sign-in makes it again.
  decoyHash ??= hashPassword(newToken()).catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  return decoyHash;
}

/**
 * Step one: email and password. The attempt is counted (and refused when over the limit) before
 * any hashing is spent, and the hash itself waits its turn in password.server's queue.
 */
export async function signInWithPassword(
  deps: SignInDeps,
  input: { email: string; password: string },
  request: SignInRequest,
): Promise<SignInResult> {
  const { db, config } = deps;
  const now = request.now ?? new Date();
  const email = normaliseEmail(input.email);
  const keys = signInThrottleKeys(email, request.ip);
  const staff = await findStaffByEmail(db, email);
  // A device this account signed in on before is hashed first and spends no flood budget.
  const known = staff !== undefined && request.knownDeviceStaffId === staff.id;
  const attempt = await admitToHashing(deps, keys, { email, known, ip: request.ip, now });
  if (attempt.status !== "go") return throttled(attempt.until);

  const checked = await inHashingTurn(async () =>
    staff
      ? verifyPassword(input.password, staff.password_hash, known ? "priority" : "normal")
      : verifyPassword(input.password, await decoy()).then(() => false),
  );
  if (!checked.ok) {
    // Nothing was hashed: the attempt is given back, so "busy" answers never throttle anyone.
    await forgiveSignInAttempt(db, keys, { config, now });
    if (!known) await forgiveFloodBudget(db, keys, { config, now });
    return checked;
  }
  const matches = checked.value;
  // A deactivated account (Team screen) is refused like a wrong password.
  if (!staff || !matches || staff.deactivated_at !== null) {
    const blocked = await recordSignInFailure(db, keys, attempt, { config, now });
    await recordAuthEvent(db, {
      action: "staff.sign_in_failed",
      subjectId: staff?.id,
      email,
      ip: request.ip,
      now,
      details: { step: "password", known: Boolean(staff), throttleStarted: blocked },
    });
    return wrongCredentials();
  }
  await forgiveSignInAttempt(db, keys, { config, now });
  if (!known) await resetFloodBudget(db, keys, { config, now });
  // A hash made with older parameters is replaced while the password is at hand.
  if (needsRehash(staff.password_hash)) {
    const rehashed = await hashPassword(input.password).catch(() => null);
    if (rehashed) {
      await updateStaff(db, staff.id, { password_hash: rehashed, updated_at: now.toISOString() });
    }
  }

  if (staff.totp_enabled === 1) {
    await recordAuthEvent(db, {
      action: "staff.two_factor_required",
      subjectId: staff.id,
      ip: request.ip,
      now,
    });
    return { ok: true, step: "second-factor", staffId: staff.id };
  }
  return finishSignIn(deps, staff.id, keys, request, { method: "password" });
}

/** Step two, for staff with 2FA: a 6-digit code or a recovery code, throttled like passwords. */
export async function signInWithSecondFactor(
  deps: SignInDeps,
  input: { staffId: string; code: string },
  request: SignInRequest,
): Promise<SignedIn | SignInFailure> {
  const { db, config } = deps;
  const now = request.now ?? new Date();
  const staff = await findStaffAuthById(db, input.staffId);
  if (!staff || staff.totp_enabled !== 1 || staff.deactivated_at !== null) return codeExpired();
  const keys = signInThrottleKeys(staff.email, request.ip);
  const attempt = await claimAttempt(deps, keys, {
    email: staff.email,
    subjectId: staff.id,
    ip: request.ip,
    now,
  });
  if (attempt.status !== "go") return throttled(attempt.until);

  const factor = await verifySecondFactor(deps, staff, input.code, now);
  if (!factor) {
    const blocked = await recordSignInFailure(db, keys, attempt, { config, now });
    await recordAuthEvent(db, {
      action: "staff.two_factor_failed",
      subjectId: staff.id,
      ip: request.ip,
      now,
      details: { step: "code", throttleStarted: blocked },
    });
    return wrongCode();
  }
  await forgiveSignInAttempt(db, keys, { config, now });
  if (factor === "recovery") {
    await recordAuthEvent(db, {
      action: "staff.recovery_code_used",
      staffId: staff.id,
      subjectId: staff.id,
      ip: request.ip,
      now,
    });
  }
  return finishSignIn(deps, staff.id, keys, request, { method: factor });
}

/** Ends the session the token names. Returns the staff member it belonged to, if any. */
export async function signOut(
  db: Kysely<Database>,
  token: string | null,
  ip: string,
  now = new Date(),
) {
  const staffId = await endSession(db, "staff", token);
  if (!staffId) return null;
  await recordAuthEvent(db, {
    action: "staff.signed_out",
    staffId,
    subjectId: staffId,
    ip,
    now,
  });
  return staffId;
}

async function claimAttempt(
  { db, config }: SignInDeps,
  keys: ThrottleKeys,
  entry: { email: string; subjectId?: string; ip: string; now: Date },
) {
  const attempt = await claimSignInAttempt(db, keys, { config, now: entry.now });
  if (attempt.status === "throttled") {
    await recordAuthEvent(db, {
      action: "staff.sign_in_throttled",
      subjectId: entry.subjectId,
      email: entry.email,
      ip: entry.ip,
      now: entry.now,
    });
  }
  return attempt;
}

/**
 * The per-address throttle for everyone, then, for a device the account has not signed in on,
 * the account's flood budget (sign-in-throttle.server.ts). A refusal by the budget gives the
 * throttle's counts back, so the owner on a new device is not left waiting once a flood ends.
 */
async function admitToHashing(
  deps: SignInDeps,
  keys: ThrottleKeys,
  entry: { email: string; known: boolean; ip: string; now: Date },
): Promise<SignInAttempt> {
  const { db, config } = deps;
  const attempt = await claimAttempt(deps, keys, entry);
  if (attempt.status !== "go" || entry.known) return attempt;
  const until = await claimFloodBudget(db, keys, { config, now: entry.now });
  if (!until) return attempt;
  await forgiveSignInAttempt(db, keys, { config, now: entry.now });
  await recordAuthEvent(db, {
    action: "staff.sign_in_throttled",
    email: entry.email,
    ip: entry.ip,
    now: entry.now,
    details: { budget: "account" },
  });
  return { status: "throttled", until };
}

async function finishSignIn(
  deps: SignInDeps,
  staffId: string,
  keys: ThrottleKeys,
  request: SignInRequest,
  details: { method: string },
): Promise<SignedIn> {
  const { db, config } = deps;
  const now = request.now ?? new Date();
  await clearAccountFailures(db, keys, { config, now });
  const session = await startSession(deps, STAFF_SESSIONS, staffId, { ...request, now }, details);
  await updateStaff(db, staffId, { last_sign_in_at: now.toISOString() });
  return { ok: true, step: "signed-in", staffId, ...session };
}
