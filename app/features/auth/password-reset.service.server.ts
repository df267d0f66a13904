import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { clientKey, hit } from "~/server/rate-limit.server";
import { accountHash, recordAuthEvent } from "./auth-audit.server";
import { normaliseEmail } from "./auth.schema";
import { hashPassword, inHashingTurn } from "./password.server";
import { PASSWORD_TEXT, RESET_LINK_MINUTES, type ResetPasswordInput } from "./password.schema";
import {
  claimPasswordReset,
  deleteStalePasswordResets,
  findOpenPasswordReset,
  replacePasswordReset,
} from "./password-resets.repository.server";
import { deleteSessionsOfUser } from "./sessions.repository.server";
import { findStaffByEmail, updateStaff } from "./staff.repository.server";
import { findStaffAccount } from "./team.repository.server";
import { TEAM_TEXT } from "./team.schema";

// Password reset links for staff (docs/decisions/0045-password-changes-and-resets.md): asked for
// from the sign-in screen, or sent by an owner from the Team screen. A link is single-use, valid
// 30 minutes, and only its token's SHA-256 is stored; the token is in the email and nowhere else
// (not in the audit log, not in the request log, which never carries paths' tokens).

const HOUR = 60 * 60 * 1000;
/** docs/decisions/0045-password-changes-and-resets.md: as magic links, 5 an hour per email. */
export const RESETS_PER_EMAIL_PER_HOUR = 5;
/** Per address, so one sender cannot spray reset emails at many inboxes. */
export const RESETS_PER_IP_PER_HOUR = 20;
/**
 * The forgot-password form answers no sooner than this after it was posted, known email or not:
 * a known one writes a link and an email in a transaction, which an unknown one does not, and the
 * difference must not show in the response time. Well above what that transaction takes.
 */
export const RESET_ANSWER_FLOOR_MS = 400;

export type ResetDeps = {
  db: Kysely<Database>;
  config: Pick<AppConfig, "publicUrl" | "RATE_LIMITS">;
};

export type ResetRequestResult = Result;

/**
 * The forgot-password form: answered ok for a known, an unknown and a deactivated email alike, in
 * about the same time; only an active account gets a link. Limited per email and per address.
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  rawEmail: string,
  request: { ip: string; now?: Date },
): Promise<ResetRequestResult> {
  const started = Date.now();
  const result = await answerResetRequest(deps, normaliseEmail(rawEmail), request);
  await sleep(Math.max(0, started + RESET_ANSWER_FLOOR_MS - Date.now()));
  return result;
}

async function answerResetRequest(
  deps: ResetDeps,
  email: string,
  request: { ip: string; now?: Date },
): Promise<ResetRequestResult> {
  const { db, config } = deps;
  const now = request.now ?? new Date();
  const options = { now, config };
  const byAddress = await hit(
    db,
    `password-reset:ip:${clientKey(request.ip)}`,
    RESETS_PER_IP_PER_HOUR,
    HOUR,
    options,
  );
  const byEmail =
    byAddress.allowed &&
    (await hit(
      db,
      `password-reset:email:${accountHash(email)}`,
      RESETS_PER_EMAIL_PER_HOUR,
      HOUR,
      options,
    ));
  if (!byEmail || !byEmail.allowed) {
    await recordAuthEvent(db, {
      action: "staff.password_reset_limited",
      email,
      ip: request.ip,
      now,
    });
    return failure("rate_limited", PASSWORD_TEXT.resetLimited);
  }
  const staff = await findStaffByEmail(db, email);
  const active = staff && staff.deactivated_at === null ? staff : undefined;
  if (active) {
    await sendResetLink(deps, { staffId: active.id, email: active.email, sentBy: null }, now);
  }
  await recordAuthEvent(db, {
    action: "staff.password_reset_requested",
    subjectId: active?.id,
    email,
    ip: request.ip,
    now,
    details: { known: Boolean(active) },
  });
  return { ok: true };
}

export type SendResetResult = Result<{ email: string }>;

/** The Team screen: an owner sends an active member a reset link. Audited as the owner's act. */
export async function sendPasswordResetToMember(
  deps: ResetDeps,
  staffId: string,
  actor: { staffId: string; ip: string | null },
  now = new Date(),
): Promise<SendResetResult> {
  const target = await findStaffAccount(deps.db, staffId);
  if (!target) return failure("not_found", TEAM_TEXT.notFound);
  if (target.deactivated_at !== null) return failure("conflict", PASSWORD_TEXT.resetNotActive);
  await sendResetLink(deps, { staffId, email: target.email, sentBy: actor.staffId }, now);
  await recordAuthEvent(deps.db, {
    action: "staff.password_reset_sent",
    staffId: actor.staffId,
    subjectId: staffId,
    ip: actor.ip,
    now,
  });
  return { ok: true, email: target.email };
}

type ResetLinkFor = { staffId: string; email: string; sentBy: string | null };

/** Stores a new link (earlier ones stop working) and its email, in one transaction. */
async function sendResetLink({ db, config }: ResetDeps, to: ResetLinkFor, now: Date) {
  const token = newToken();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await deleteStalePasswordResets(trx, new Date(now.getTime() - 24 * HOUR).toISOString());
    await replacePasswordReset(trx, {
      id,
      token_hash: sha256(token),
      staff_id: to.staffId,
      sent_by: to.sentBy,
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
      created_at: now.toISOString(),
    });
    const profile = await getBusinessProfile(trx);
    const sender = to.sentBy ? await findStaffAccount(trx, to.sentBy) : undefined;
    const rendered = renderEmail(
      {
        heading: "Choose a new password",
        paragraphs: [
          sender
            ? `${sender.name} sent you a link to choose a new password for your ${profile.name} back-office account.`
            : `Someone asked to reset the password of your ${profile.name} back-office account.`,
          `The link works once, for ${RESET_LINK_MINUTES} minutes. A new password signs you out everywhere.`,
          "If you did not ask for this, you can ignore this email: your password stays as it is.",
        ],
        action: {
          label: "Choose a new password",
          url: `${config.publicUrl}/admin/reset-password/${token}`,
        },
      },
      profile,
    );
    await enqueueEmail(trx, {
      topic: "staff.password_reset",
      subjectType: "staff_user",
      subjectId: to.staffId,
      to: to.email,
      subject: `Reset your ${profile.name} back-office password`,
      html: rendered.html,
      text: rendered.text,
    });
  });
}

/** The account a link can still reset, for the reset page's GET; null for a used or dead one. */
export async function findResettableAccount(db: Kysely<Database>, token: string, now = new Date()) {
  if (!token || token.length > 200) return null;
  const row = await findOpenPasswordReset(db, sha256(token), now.toISOString());
  if (!row || row.deactivated_at !== null) return null;
  return { email: row.email };
}

export type ResetResult = Result;

const linkGone = () => failure("gone", PASSWORD_TEXT.invalidLink);

/**
 * Sets the new password a link allows: the link is claimed once (compare-and-set), the hash
 * replaced and every session of the account ended, in one transaction. No session is started:
 * the member signs in again, with their second factor when they have one.
 */
export async function resetPassword(
  db: Kysely<Database>,
  token: string,
  input: ResetPasswordInput,
  request: { ip: string; now?: Date },
): Promise<ResetResult> {
  const now = request.now ?? new Date();
  const at = now.toISOString();
  if (!(await findResettableAccount(db, token, now))) return linkGone();
  // Hashing takes ~100 ms of a core: done before the transaction opens, never inside it.
  const hashed = await inHashingTurn(() => hashPassword(input.password));
  if (!hashed.ok) return hashed;
  const passwordHash = hashed.value;
  return db.transaction().execute(async (trx): Promise<ResetResult> => {
    const link = await findOpenPasswordReset(trx, sha256(token), at);
    if (!link || link.deactivated_at !== null || !(await claimPasswordReset(trx, link.id, at))) {
      return linkGone();
    }
    await updateStaff(trx, link.staff_id, { password_hash: passwordHash, updated_at: at });
    await deleteSessionsOfUser(trx, "staff", link.staff_id);
    await recordAuthEvent(trx, {
      action: "staff.password_reset",
      subjectId: link.staff_id,
      ip: request.ip,
      now,
      details: { link: link.id },
    });
    return { ok: true };
  });
}
