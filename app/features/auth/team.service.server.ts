import type { Kysely } from "kysely";
import { renderEmail } from "~/features/outbox/email/render-email";
import { enqueueEmail } from "~/features/outbox/outbox.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sha256 } from "~/lib/crypto.server";
import { firstErrorPerField } from "~/lib/field-errors";
import { newId, newToken } from "~/lib/ids";
import { failure, fieldFailure, type Result } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { recordAuthEvent } from "./auth-audit.server";
import { hashPassword, inHashingTurn } from "./password.server";
import { STAFF_ROLE_LABELS, isStaffRole, type StaffRole } from "./permissions";
import { deleteSessionsOfUser } from "./sessions.repository.server";
import {
  STAFF_SESSIONS,
  startSession,
  type SessionDeps,
  type SessionRequest,
} from "./sessions.service.server";
import { findStaffByEmail, insertStaff } from "./staff.repository.server";
import {
  claimInvitation,
  findInvitationByTokenHash,
  findStaffAccount,
  listOpenInvitations,
  listStaffAccounts,
  lockActiveOwnerIds,
  replaceInvitation,
  setStaffDeactivatedAt,
  setStaffRole,
} from "./team.repository.server";
import {
  INVITATION_HOURS,
  InviteFormSchema,
  TEAM_TEXT,
  type AcceptInvitationInput,
  type InviteInput,
} from "./team.schema";

// The Team screen (owners only): who has an account, invitations, roles and deactivation. Every
// change is audited, and a change to someone's access ends their sessions at once.

/** Who is acting: the signed-in owner and the request's address, for the audit log. */
export type TeamActor = { staffId: string; ip: string | null };

export type TeamMember = {
  id: string;
  name: string;
  email: string;
  role: StaffRole | "unknown";
  active: boolean;
  lastSignInAt: string | null;
  twoFactor: boolean;
};

export async function getTeam(db: Kysely<Database>, now = new Date()) {
  const [accounts, invitations] = await Promise.all([
    listStaffAccounts(db),
    listOpenInvitations(db, now.toISOString()),
  ]);
  const members: TeamMember[] = accounts.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: isStaffRole(row.role) ? row.role : "unknown",
    active: row.deactivated_at === null,
    lastSignInAt: row.last_sign_in_at,
    twoFactor: row.totp_enabled === 1,
  }));
  return {
    members,
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      role: isStaffRole(row.role) ? row.role : ("staff" as const),
      expiresAt: row.expires_at,
      invitedBy: row.invited_by_name,
    })),
  };
}

export type InviteResult = Result<{ id: string; token: string }, "email" | "role">;

/**
 * Invites `email` with a role: a single-use link valid 48 hours, emailed through the outbox in
 * the same transaction. Inviting the same email again replaces the earlier link.
 */
export async function inviteStaff(
  deps: { db: Kysely<Database>; config: Pick<AppConfig, "publicUrl"> },
  rawInput: InviteInput,
  actor: TeamActor,
  now = new Date(),
): Promise<InviteResult> {
  const { db, config } = deps;
  const parsed = InviteFormSchema.safeParse(rawInput);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField<"email" | "role">(parsed.error);
    return failure("malformed", Object.values(fieldErrors)[0] ?? TEAM_TEXT.unknown, fieldErrors);
  }
  const input = parsed.data;
  const token = newToken();
  const id = newId();
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<InviteResult> => {
    if (await findStaffByEmail(trx, input.email)) {
      return fieldFailure("conflict", "email", TEAM_TEXT.alreadyMember);
    }
    await replaceInvitation(trx, {
      id,
      token_hash: sha256(token),
      email: input.email,
      role: input.role,
      invited_by: actor.staffId,
      expires_at: new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString(),
      created_at: at,
    });
    const inviter = await findStaffAccount(trx, actor.staffId);
    const profile = await getBusinessProfile(trx);
    const roleName = STAFF_ROLE_LABELS[input.role].toLowerCase();
    const rendered = renderEmail(
      {
        heading: `Join ${profile.name}'s back office`,
        paragraphs: [
          `${inviter?.name ?? "An owner"} has invited you to the ${profile.name} back office as ${roleName === "owner" ? "an owner" : "a member of staff"}.`,
          `Choose your name and a password to finish. The link works once, for ${INVITATION_HOURS} hours.`,
          "If you were not expecting this, you can ignore this email.",
        ],
        action: { label: "Set up your account", url: `${config.publicUrl}/admin/invite/${token}` },
      },
      profile,
    );
    await enqueueEmail(trx, {
      topic: "staff.invited",
      subjectType: "staff_invitation",
      subjectId: id,
      to: input.email,
      subject: `You're invited to the ${profile.name} back office`,
      html: rendered.html,
      text: rendered.text,
    });
    await recordAuthEvent(trx, {
      action: "staff.invited",
      staffId: actor.staffId,
      email: input.email,
      ip: actor.ip,
      now,
      details: { role: input.role, invitation: id },
    });
    return { ok: true, id, token };
  });
}

/** The invitation a link names, while it can still be used; null for a used, expired or unknown one. */
export async function findOpenInvitation(db: Kysely<Database>, token: string, now = new Date()) {
  if (!token || token.length > 200) return null;
  const row = await findInvitationByTokenHash(db, sha256(token));
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return null;
  return {
    email: row.email,
    role: isStaffRole(row.role) ? row.role : ("staff" as const),
    invitedBy: row.invited_by_name,
  };
}

/** `cookie` is the Set-Cookie header of the new session. */
export type AcceptResult = Result<{ staffId: string; token: string; cookie: string }>;

const invitationGone = () => failure("gone", TEAM_TEXT.invalidInvitation);

/**
 * The invitee sets a name and password: the invitation is claimed once (compare-and-set), the
 * account made with the invited role, and a session started. A used, expired or forged token
 * changes nothing.
 */
export async function acceptInvitation(
  deps: SessionDeps,
  token: string,
  input: AcceptInvitationInput,
  request: SessionRequest,
): Promise<AcceptResult> {
  const { db } = deps;
  const now = request.now ?? new Date();
  const at = now.toISOString();
  const tokenHash = sha256(token);
  if (!(await findOpenInvitation(db, token, now))) return invitationGone();
  // Hashing takes ~100 ms of a core: done before the transaction opens, never inside it.
  const hashed = await inHashingTurn(() => hashPassword(input.password));
  if (!hashed.ok) return hashed;
  const passwordHash = hashed.value;
  const outcome = await db
    .transaction()
    .execute(async (trx): Promise<Result<{ staffId: string }>> => {
      const invitation = await findInvitationByTokenHash(trx, tokenHash);
      if (!invitation || !(await claimInvitation(trx, tokenHash, at))) return invitationGone();
      if (await findStaffByEmail(trx, invitation.email)) {
        return failure("conflict", TEAM_TEXT.emailTaken);
      }
      const staffId = newId();
      await insertStaff(trx, {
        id: staffId,
        email: invitation.email,
        name: input.name,
        password_hash: passwordHash,
        last_sign_in_at: at,
        created_at: at,
        updated_at: at,
        role: isStaffRole(invitation.role) ? invitation.role : "staff",
      });
      await recordAuthEvent(trx, {
        action: "staff.invitation_accepted",
        staffId,
        subjectId: staffId,
        ip: request.ip,
        now,
        details: { role: invitation.role, invitedBy: invitation.invited_by },
      });
      return { ok: true, staffId };
    });
  if (!outcome.ok) return outcome;
  const session = await startSession(
    deps,
    STAFF_SESSIONS,
    outcome.staffId,
    { ...request, now },
    { method: "invitation" },
  );
  return { ok: true, staffId: outcome.staffId, ...session };
}

/** `changed` is false when the account already had that role or status. */
export type AccessChangeResult = Result<{ name: string; changed: boolean }>;

const accountGone = () => failure("not_found", TEAM_TEXT.notFound);
const lastOwner = () => failure("conflict", TEAM_TEXT.lastOwner);

/**
 * Changes an account's role. Its sessions end, so the new role applies from its next request
 * with a fresh sign-in. The last active owner cannot be demoted (checked inside the transaction,
 * with the owners locked).
 */
export async function changeStaffRole(
  db: Kysely<Database>,
  staffId: string,
  role: StaffRole,
  actor: TeamActor,
  now = new Date(),
): Promise<AccessChangeResult> {
  return db.transaction().execute(async (trx): Promise<AccessChangeResult> => {
    const owners = await lockActiveOwnerIds(trx);
    const target = await findStaffAccount(trx, staffId);
    if (!target) return accountGone();
    if (target.role === role) return { ok: true, name: target.name, changed: false };
    if (role !== "owner" && isLastOwner(owners, staffId)) return lastOwner();
    const at = now.toISOString();
    await setStaffRole(trx, staffId, role, at);
    await deleteSessionsOfUser(trx, "staff", staffId);
    await recordAuthEvent(trx, {
      action: "staff.role_changed",
      staffId: actor.staffId,
      subjectId: staffId,
      ip: actor.ip,
      now,
      details: { from: target.role, to: role },
    });
    return { ok: true, name: target.name, changed: true };
  });
}

/** Deactivates (or reactivates) an account. A deactivated account's sessions end at once. */
export async function setStaffActive(
  db: Kysely<Database>,
  staffId: string,
  active: boolean,
  actor: TeamActor,
  now = new Date(),
): Promise<AccessChangeResult> {
  return db.transaction().execute(async (trx): Promise<AccessChangeResult> => {
    const owners = await lockActiveOwnerIds(trx);
    const target = await findStaffAccount(trx, staffId);
    if (!target) return accountGone();
    if ((target.deactivated_at === null) === active) {
      return { ok: true, name: target.name, changed: false };
    }
    if (!active && isLastOwner(owners, staffId)) return lastOwner();
    const at = now.toISOString();
    await setStaffDeactivatedAt(trx, staffId, active ? null : at, at);
    if (!active) await deleteSessionsOfUser(trx, "staff", staffId);
    await recordAuthEvent(trx, {
      action: active ? "staff.reactivated" : "staff.deactivated",
      staffId: actor.staffId,
      subjectId: staffId,
      ip: actor.ip,
      now,
    });
    return { ok: true, name: target.name, changed: true };
  });
}

function isLastOwner(activeOwners: string[], staffId: string) {
  return activeOwners.includes(staffId) && activeOwners.length <= 1;
}
