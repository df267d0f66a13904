import { createCookie, type Cookie } from "react-router";
import type { AppConfig } from "./config.server";
import type { SessionsTable } from "./database";

// A cookie carries a random session token; the database keeps only its SHA-256 (sessions.id).
// It is signed with SESSION_SECRET, httpOnly, SameSite=Lax, and Secure in production. Staff and
// customers (magic-link sign-in, docs/decisions/0012-real-customer-data.md) carry cookies of
// their own with the same options, so a staff session and a customer session never stand in for
// each other, and signing out of one leaves the other alone. Cleaners (their app,
// docs/decisions/0063-cleaner-app-sign-in.md) carry a third. Every cookie is sent on every path:
// a narrower one would miss the data requests of client navigation (`/cleaner.data`).

export type SessionKind = SessionsTable["kind"];

export const SESSION_COOKIE_NAMES: Record<SessionKind, string> = {
  staff: "hg_session",
  customer: "hg_customer",
  cleaner: "hg_cleaner",
};

type CookieConfig = Pick<AppConfig, "isProduction" | "sessionSecret">;

const cookies = new WeakMap<CookieConfig, Map<SessionKind, Cookie>>();

export function sessionCookie(config: CookieConfig, kind: SessionKind) {
  let byKind = cookies.get(config);
  if (!byKind) {
    byKind = new Map();
    cookies.set(config, byKind);
  }
  let cookie = byKind.get(kind);
  if (!cookie) {
    cookie = createCookie(SESSION_COOKIE_NAMES[kind], {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      path: "/",
      secrets: [config.sessionSecret],
    });
    byKind.set(kind, cookie);
  }
  return cookie;
}

/** The `kind` session token the request carries, or null. A tampered cookie reads as null. */
export async function readSessionToken(request: Request, config: CookieConfig, kind: SessionKind) {
  const value: unknown = await sessionCookie(config, kind).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The Set-Cookie header that removes the `kind` session cookie (signing out). */
export function clearSessionCookie(config: CookieConfig, kind: SessionKind) {
  return sessionCookie(config, kind).serialize("", { maxAge: 0 });
}
