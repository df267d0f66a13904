import { createCookie, type Cookie } from "react-router";
import type { AppConfig } from "./config.server";

// One cookie carries a random session token; the database keeps only its SHA-256 (sessions.id).
// The cookie is signed with SESSION_SECRET, httpOnly, SameSite=Lax, and Secure in production.
const cookies = new WeakMap<AppConfig, Cookie>();

export function sessionCookie(config: AppConfig) {
  let cookie = cookies.get(config);
  if (!cookie) {
    cookie = createCookie("hg_session", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      path: "/",
      secrets: [config.sessionSecret],
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

/** The session token the request carries, or null. A tampered cookie reads as null. */
export async function readSessionToken(request: Request, config: AppConfig) {
  const value: unknown = await sessionCookie(config).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

// Customers (magic-link sign-in, docs/decisions/0012-real-customer-data.md) carry their own
// cookie with the same options, so a staff session and a customer session never stand in for
// each other, and signing out of one leaves the other alone.
const customerCookies = new WeakMap<AppConfig, Cookie>();

export function customerSessionCookie(config: AppConfig) {
  let cookie = customerCookies.get(config);
  if (!cookie) {
    cookie = createCookie("hg_customer", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      path: "/",
      secrets: [config.sessionSecret],
    });
    customerCookies.set(config, cookie);
  }
  return cookie;
}

/** The customer session token the request carries, or null. A tampered cookie reads as null. */
export async function readCustomerSessionToken(request: Request, config: AppConfig) {
  const value: unknown = await customerSessionCookie(config).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}
