import { data } from "react-router";
import type { AppConfig } from "./config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The cookies that carry a visitor's session (app/server/session.server.ts). */
const SESSION_COOKIES = /(?:^|;\s*)(?:hg_session|hg_customer)=/;

/** What the check reads of a request: a Fetch Request, or the same fields of a Node one. */
export type OriginCheckedRequest = Pick<Request, "method" | "url" | "headers">;

/**
 * Whether a request may change something. SameSite=Lax already keeps the session cookie off
 * most cross-site posts; this is the second lock: a mutation's Origin must be this site (as
 * the request reached us, or as PUBLIC_URL names it behind a proxy). A browser that sends no
 * Origin still sends Sec-Fetch-Site, which must then say same-origin. A client sending neither
 * is not a current browser: it may write only without a session cookie, so no visitor's session
 * can ride on it (every browser this site supports sends Origin on a POST).
 */
export function isSameOriginRequest(
  request: OriginCheckedRequest,
  config: Pick<AppConfig, "publicUrl">,
) {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(request.url).origin, originOf(config.publicUrl)]);
    return allowed.has(origin);
  }
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  return !SESSION_COOKIES.test(request.headers.get("cookie") ?? "");
}

/** Throws 403 unless the request is a safe method or comes from this site. */
export function requireSameOrigin(
  request: OriginCheckedRequest,
  config: Pick<AppConfig, "publicUrl">,
) {
  if (!isSameOriginRequest(request, config)) {
    throw data(
      { error: "This request did not come from this site and was refused." },
      { status: 403 },
    );
  }
}

function originOf(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}
