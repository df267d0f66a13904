import type { Kysely } from "kysely";
import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { sessionCookie, type SessionKind } from "~/server/session.server";
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
  isSessionLive,
  needsTouch,
  newSessionTimes,
} from "./sessions";
import {
  deleteDeadSessions,
  deleteSession,
  deleteSessionsOfUser,
  findSessionById,
  insertSession,
  touchSession,
} from "./sessions.repository.server";

// Sessions of staff and customers alike (docs/decisions/0002-staff-accounts-and-sessions.md: one
// sessions table, each session naming its kind): a random token in the cookie, only its SHA-256
// stored. Who may start one is the signing-in feature's business (a password, an invitation, a
// used magic link); starting, finding and ending one happens only here.

/** What differs between a staff member's session and a customer's. */
export type SessionAudience = {
  kind: SessionKind;
  /** The absolute limit of a session, and so the cookie's Max-Age. */
  lifetimeMs: number;
  /** The audit event a started session writes. */
  signedInEvent: "staff.signed_in" | "customer.signed_in" | "cleaner.signed_in";
  /** What the audit log calls the account signing in. */
  subjectType: "staff_user" | "customer" | "cleaner";
};

export const STAFF_SESSIONS: SessionAudience = {
  kind: "staff",
  lifetimeMs: SESSION_ABSOLUTE_MS,
  signedInEvent: "staff.signed_in",
  subjectType: "staff_user",
};

export const CUSTOMER_SESSIONS: SessionAudience = {
  kind: "customer",
  lifetimeMs: SESSION_ABSOLUTE_MS,
  signedInEvent: "customer.signed_in",
  subjectType: "customer",
};

/** docs/decisions/0063-cleaner-app-sign-in.md: a hired cleaner in their app. */
export const CLEANER_SESSIONS: SessionAudience = {
  kind: "cleaner",
  lifetimeMs: SESSION_ABSOLUTE_MS,
  signedInEvent: "cleaner.signed_in",
  subjectType: "cleaner",
};

/** What a sign-in knows of the browser it starts a session for. */
export type SessionRequest = {
  ip: string;
  userAgent: string | null;
  /** The session token the browser already holds: replaced, never reused (no fixation). */
  previousToken: string | null;
  now?: Date;
};

export type SessionDeps = {
  db: Kysely<Database>;
  config: Pick<AppConfig, "isProduction" | "sessionSecret">;
};

export type StartedSession = {
  token: string;
  /** The Set-Cookie header that hands the token to the browser. */
  cookie: string;
};

/**
 * A new session for `userId` with a new random token. The visitor's previous session, whoever's
 * it was, is deleted: the token is rotated at every sign-in. Dead sessions of everyone are swept
 * here too, so the table never needs a job of its own. The sign-in is audited with `details`
 * (how it was made), and the cookie comes back ready to set.
 */
export async function startSession(
  { db, config }: SessionDeps,
  audience: SessionAudience,
  userId: string,
  request: SessionRequest,
  details: { method: string },
): Promise<StartedSession> {
  const now = request.now ?? new Date();
  if (request.previousToken) await deleteSession(db, sha256(request.previousToken));
  await deleteDeadSessions(db, now, SESSION_IDLE_MS);
  const token = newToken();
  await insertSession(db, {
    id: sha256(token),
    kind: audience.kind,
    user_id: userId,
    ...newSessionTimes(now, audience.lifetimeMs),
    ip: request.ip || null,
    user_agent: request.userAgent?.slice(0, 255) ?? null,
  });
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: audience.kind,
    actor_id: userId,
    action: audience.signedInEvent,
    subject_type: audience.subjectType,
    subject_id: userId,
    details: JSON.stringify(details),
    ip: request.ip || null,
    created_at: now.toISOString(),
  });
  const cookie = await sessionCookie(config, audience.kind).serialize(token, {
    maxAge: audience.lifetimeMs / 1000,
  });
  return { token, cookie };
}

/**
 * The live `kind` session `token` names, or null. A dead session is deleted on sight; a live one
 * has last_seen_at moved on at most once a minute. A session of the other kind never matches.
 */
export async function findLiveSession(
  db: Kysely<Database>,
  kind: SessionKind,
  token: string | null,
  now = new Date(),
) {
  if (!token) return null;
  const id = sha256(token);
  const session = await findSessionById(db, id, kind);
  if (!session) return null;
  if (!isSessionLive(session, now)) {
    await deleteSession(db, id);
    return null;
  }
  if (needsTouch(session, now)) await touchSession(db, id, now, SESSION_TOUCH_MS);
  return session;
}

/** Ends the `kind` session `token` names; returns whose it was (null for an unknown token). */
export async function endSession(db: Kysely<Database>, kind: SessionKind, token: string | null) {
  if (!token) return null;
  const id = sha256(token);
  const session = await findSessionById(db, id, kind);
  if (!session) return null;
  await deleteSession(db, id);
  return session.user_id;
}

/** Ends every `kind` session of one account (its sign-in is no longer allowed, or staff said so). */
export async function endSessionsOfUser(db: Kysely<Database>, kind: SessionKind, userId: string) {
  await deleteSessionsOfUser(db, kind, userId);
}
