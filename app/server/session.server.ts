import { createCookie, type Cookie } from "react-router";
import type { AppConfig } from "./config.server";

// One cookie carries a random session token; the database keeps only its SHA-256 (sessions.id).
// The cookie is signed with SESSION_SECRET, httpOnly, SameSite=Lax, and Secure in production.
// Customers (magic-link sign-in, docs/decisions/0012-real-customer-data.md) carry their own
// cookie with the same options, so a staff session and a customer session never stand in for
// each other, and signing out of one leaves the other alone.

/** One signed session cookie per config, made on first use. */
function signedSessionCookie(name: string) {
  const cookies = new WeakMap<AppConfig, Cookie>();
  return (config: AppConfig) => {
    let cookie = cookies.get(config);
    if (!cookie) {
      cookie = createCookie(name, {
        httpOnly: true,
        sameSite: "lax",
        secure: config.isProduction,
        path: "/",
        secrets: [config.sessionSecret],
      });
      cookies.set(config, cookie);
    }
    return cookie;
  };
}

/** The token a session cookie carries, or null. A tampered cookie reads as null. */
async function readToken(cookie: Cookie, request: Request) {
  const value: unknown = await cookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export const sessionCookie = signedSessionCookie("hg_session");
export const customerSessionCookie = signedSessionCookie("hg_customer");

/** The session token the request carries, or null. A tampered cookie reads as null. */
export async function readSessionToken(request: Request, config: AppConfig) {
  return readToken(sessionCookie(config), request);
}

/** The customer session token the request carries, or null. A tampered cookie reads as null. */
export async function readCustomerSessionToken(request: Request, config: AppConfig) {
  return readToken(customerSessionCookie(config), request);
}
