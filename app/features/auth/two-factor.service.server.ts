import type { Kysely } from "kysely";
import QRCode from "qrcode";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { decryptField, encryptField } from "~/lib/crypto.server";
import { failure, type Result } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { TWO_FACTOR_TEXT, type TwoFactorState } from "./two-factor";
import { recordAuthEvent } from "./auth-audit.server";
import { SIGN_IN_TEXT } from "./auth.schema";
import { inHashingTurn, verifyPassword } from "./password.server";
import {
  generateRecoveryCodes,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  spendRecoveryCode,
} from "./recovery-codes.server";
import {
  claimSignInAttempt,
  forgiveSignInAttempt,
  recordSignInFailure,
  signInThrottleKeys,
} from "./sign-in-throttle.server";
import {
  claimTotpStep,
  enableStaffTwoFactor,
  findStaffAuthById,
  swapRecoveryCodes,
  updateStaff,
  type StaffAccountRow,
} from "./staff.repository.server";
import { formatSecretForHumans, generateTotpSecret, matchTotp, totpUri } from "./totp.server";

type StaffRow = StaffAccountRow;
type Deps = { db: Kysely<Database>; config: AppConfig };
type RequestInfo = { ip: string; now?: Date };

export type SecondFactor = "totp" | "recovery";

/** What the settings screen shows: off, waiting for a first code (with the QR code), or on. */
export async function getTwoFactorState(
  { db, config }: Deps,
  staffId: string,
): Promise<TwoFactorState> {
  const staff = await findStaffAuthById(db, staffId);
  if (!staff) return { enabled: false, recoveryCodesLeft: 0, pending: null };
  const enabled = staff.totp_enabled === 1;
  let pending: TwoFactorState["pending"] = null;
  if (!enabled && staff.totp_secret_encrypted) {
    const secret = decryptField(config.dataEncryptionKey, staff.totp_secret_encrypted);
    const issuer = (await getBusinessProfile(db)).name;
    const svg = await QRCode.toString(totpUri(secret, issuer, staff.email), {
      type: "svg",
      margin: 2,
      errorCorrectionLevel: "M",
      color: { dark: "#101828", light: "#ffffff" },
    });
    pending = {
      // Made here, on the server: the secret never passes through a third-party QR service.
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      secret: formatSecretForHumans(secret),
      issuer,
      account: staff.email,
    };
  }
  return {
    enabled,
    recoveryCodesLeft: enabled ? staff.recovery_codes.length : 0,
    pending,
  };
}

/** Starts (or restarts) an enrolment with a fresh secret; 2FA stays off until a code confirms it. */
export async function beginEnrolment({ db, config }: Deps, staffId: string, info: RequestInfo) {
  const staff = await findStaffAuthById(db, staffId);
  if (!staff || staff.totp_enabled === 1) return false;
  await updateStaff(db, staffId, {
    totp_secret_encrypted: encryptField(config.dataEncryptionKey, generateTotpSecret()),
    totp_last_step: null,
    recovery_codes: null,
    updated_at: (info.now ?? new Date()).toISOString(),
  });
  await recordAuthEvent(db, {
    action: "staff.two_factor_enrolment_started",
    staffId,
    subjectId: staffId,
    ip: info.ip,
    now: info.now,
  });
  return true;
}

export async function cancelEnrolment({ db }: Deps, staffId: string, info: RequestInfo) {
  const staff = await findStaffAuthById(db, staffId);
  if (!staff || staff.totp_enabled === 1 || !staff.totp_secret_encrypted) return false;
  await updateStaff(db, staffId, {
    totp_secret_encrypted: null,
    updated_at: (info.now ?? new Date()).toISOString(),
  });
  await recordAuthEvent(db, {
    action: "staff.two_factor_enrolment_cancelled",
    staffId,
    subjectId: staffId,
    ip: info.ip,
    now: info.now,
  });
  return true;
}

export type ConfirmResult = Result<{ recoveryCodes: string[] }, "code">;

// Every refusal reads the same (no set-up waiting, a wrong code, a race with another tab): the
// screen asks for the code the app shows now.
const wrongCode = () =>
  failure<"code">("invalid", TWO_FACTOR_TEXT.wrongCode, { code: TWO_FACTOR_TEXT.codesChange });

/**
 * Turns 2FA on once the app shows a code that matches the pending secret, and hands back the
 * recovery codes: the only time they exist in plain text.
 */
export async function confirmEnrolment(
  { db, config }: Deps,
  staffId: string,
  code: string,
  info: RequestInfo,
): Promise<ConfirmResult> {
  const now = info.now ?? new Date();
  const staff = await findStaffAuthById(db, staffId);
  if (!staff || staff.totp_enabled === 1 || !staff.totp_secret_encrypted) return wrongCode();
  const secret = decryptField(config.dataEncryptionKey, staff.totp_secret_encrypted);
  const step = matchTotp(secret, code.replace(/\s+/g, ""), now);
  if (step === null) return wrongCode();
  const recoveryCodes = generateRecoveryCodes();
  const enabled = await enableStaffTwoFactor(db, {
    staffId,
    pendingSecret: staff.totp_secret_encrypted,
    step,
    recoveryCodes: recoveryCodes.map(hashRecoveryCode),
    at: now.toISOString(),
  });
  if (!enabled) return wrongCode();
  await recordAuthEvent(db, {
    action: "staff.two_factor_enabled",
    staffId,
    subjectId: staffId,
    ip: info.ip,
    now,
  });
  return { ok: true, recoveryCodes };
}

/**
 * Accepts a 6-digit code (one step either side of now, each step once) or an unused recovery
 * code (then spent). Returns which one matched, or null.
 */
export async function verifySecondFactor(
  { db, config }: Deps,
  staff: Pick<StaffRow, "id" | "totp_enabled" | "totp_secret_encrypted" | "recovery_codes">,
  code: string,
  now = new Date(),
): Promise<SecondFactor | null> {
  if (staff.totp_enabled !== 1 || !staff.totp_secret_encrypted) return null;
  const cleaned = code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(cleaned)) {
    const secret = decryptField(config.dataEncryptionKey, staff.totp_secret_encrypted);
    const step = matchTotp(secret, cleaned, now);
    if (step === null) return null;
    return (await claimTotpStep(db, staff.id, step)) ? "totp" : null;
  }
  if (!looksLikeRecoveryCode(cleaned)) return null;
  // Compare-and-swap on the list, retried when another code was spent at the same moment.
  let stored = staff.recovery_codes;
  for (let attempt = 0; attempt < 3; attempt++) {
    const next = spendRecoveryCode(stored, cleaned);
    if (next === null) return null;
    if (await swapRecoveryCodes(db, staff.id, stored, next)) return "recovery";
    stored = (await findStaffAuthById(db, staff.id))?.recovery_codes ?? [];
  }
  return null;
}

/** `changed` is false when two-factor was already off: the screen says it is off either way. */
export type DisableResult = Result<{ changed: boolean }, "credential">;

/**
 * Turns 2FA off after the staff member proves it is them: their password, a current code or a
 * recovery code (a password is at least 12 characters, so the shapes never collide). Wrong
 * answers count against the sign-in throttle: a borrowed session must not become a free
 * password-guessing oracle.
 */
export async function disableTwoFactor(
  deps: Deps,
  staffId: string,
  credential: string,
  info: RequestInfo,
): Promise<DisableResult> {
  const { db, config } = deps;
  const now = info.now ?? new Date();
  const staff = await findStaffAuthById(db, staffId);
  if (!staff || staff.totp_enabled !== 1) return { ok: true, changed: false };
  const keys = signInThrottleKeys(staff.email, info.ip);
  const options = { config, now };
  const attempt = await claimSignInAttempt(db, keys, options);
  if (attempt.status === "throttled") return failure("rate_limited", SIGN_IN_TEXT.throttled);

  const cleaned = credential.trim();
  const looksLikeCode =
    /^\d{6}$/.test(cleaned.replace(/\s+/g, "")) || looksLikeRecoveryCode(cleaned);
  const proven = looksLikeCode
    ? (await verifySecondFactor(deps, staff, cleaned, now)) !== null
    : cleaned.length > 0 &&
      cleaned.length <= 1024 &&
      // A full hashing queue reads as a wrong answer here: the owner simply tries again.
      (await inHashingTurn(() => verifyPassword(credential, staff.password_hash)).then(
        (checked) => checked.ok && checked.value,
      ));
  if (!proven) {
    await recordSignInFailure(db, keys, attempt, options);
    await recordAuthEvent(db, {
      action: "staff.two_factor_disable_failed",
      staffId,
      subjectId: staffId,
      ip: info.ip,
      now,
    });
    return failure<"credential">("invalid", TWO_FACTOR_TEXT.wrongCredential, {
      credential: TWO_FACTOR_TEXT.checkCredential,
    });
  }
  await forgiveSignInAttempt(db, keys, options);
  await updateStaff(db, staffId, {
    totp_enabled: 0,
    totp_secret_encrypted: null,
    totp_last_step: null,
    recovery_codes: null,
    updated_at: now.toISOString(),
  });
  await recordAuthEvent(db, {
    action: "staff.two_factor_disabled",
    staffId,
    subjectId: staffId,
    ip: info.ip,
    now,
    details: { method: looksLikeCode ? "code" : "password" },
  });
  return { ok: true, changed: true };
}
