import type { Kysely } from "kysely";
import { sha256 } from "~/lib/crypto.server";
import { newToken } from "~/lib/ids";
import type { Database } from "~/server/database";
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
  findSessionById,
  insertSession,
  touchSession,
} from "./sessions.repository.server";

// Customer sessions (docs/decisions/0002-staff-accounts-and-sessions.md: one sessions table, each
// session naming its kind) with the staff sessions' machinery: a random token in the cookie, only
// its SHA-256 stored, the same idle (12 hours) and absolute (7 days) limits. The customers feature
// decides who may start one (a used magic link); this module only keeps them.

/** The cookie lives as long as the session's absolute limit. */
export const CUSTOMER_SESSION_MAX_AGE_SECONDS = SESSION_ABSOLUTE_MS / 1000;

export type CustomerSessionRequest = {
  ip: string;
  userAgent: string | null;
  /** The customer token the browser already holds: replaced, never reused (no fixation). */
  previousToken: string | null;
  now?: Date;
};

/** Starts a session for `customerId` and returns its token for the cookie. */
export async function startCustomerSession(
  db: Kysely<Database>,
  customerId: string,
  request: CustomerSessionRequest,
) {
  const now = request.now ?? new Date();
  if (request.previousToken) await deleteSession(db, sha256(request.previousToken));
  await deleteDeadSessions(db, now, SESSION_IDLE_MS);
  const token = newToken();
  await insertSession(db, {
    id: sha256(token),
    kind: "customer",
    user_id: customerId,
    ...newSessionTimes(now),
    ip: request.ip || null,
    user_agent: request.userAgent?.slice(0, 255) ?? null,
  });
  return token;
}

/**
 * The customer id of the live customer session `token` names, or null. A dead session is
 * deleted on sight; a live one has last_seen_at moved on at most once a minute. A staff
 * session's token never matches: the lookup names the kind.
 */
export async function findCustomerSessionUser(
  db: Kysely<Database>,
  token: string | null,
  now = new Date(),
) {
  if (!token) return null;
  const id = sha256(token);
  const session = await findSessionById(db, id, "customer");
  if (!session) return null;
  if (!isSessionLive(session, now)) {
    await deleteSession(db, id);
    return null;
  }
  if (needsTouch(session, now)) await touchSession(db, id, now, SESSION_TOUCH_MS);
  return session.user_id;
}

/** Ends the customer session `token` names (nothing happens for an unknown token). */
export async function endCustomerSession(db: Kysely<Database>, token: string | null) {
  if (!token) return;
  const id = sha256(token);
  const session = await findSessionById(db, id, "customer");
  if (session) await deleteSession(db, id);
}
