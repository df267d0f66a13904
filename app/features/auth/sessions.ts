// Session lifetimes (back-office issue, docs/decisions/0002-staff-accounts-and-sessions.md): idle timeout 12 hours, absolute limit 7 days.
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so browsing does not write on every request. */
export const SESSION_TOUCH_MS = 60 * 1000;

/** A session is live while it is inside both its absolute expiry and its idle window. */
export function isSessionLive(
  session: { expires_at: string; last_seen_at: string },
  now = new Date(),
) {
  const expires = Date.parse(session.expires_at);
  const lastSeen = Date.parse(session.last_seen_at);
  return now.getTime() < expires && now.getTime() - lastSeen < SESSION_IDLE_MS;
}

/** True when last_seen_at is old enough to be worth a write. */
export function needsTouch(session: { last_seen_at: string }, now = new Date()) {
  return now.getTime() - Date.parse(session.last_seen_at) >= SESSION_TOUCH_MS;
}

/** The timestamps of a session that starts now and may last `lifetimeMs` at most. */
export function newSessionTimes(now = new Date(), lifetimeMs = SESSION_ABSOLUTE_MS) {
  const at = now.toISOString();
  return {
    created_at: at,
    last_seen_at: at,
    expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
  };
}
