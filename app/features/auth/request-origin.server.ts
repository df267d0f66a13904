import { data } from "react-router";
import type { AppConfig } from "~/server/config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change something. SameSite=Lax already keeps the session cookie off
 * most cross-site posts; this is the second lock: a mutation's Origin must be this site (as
 * the request reached us, or as PUBLIC_URL names it behind a proxy). A browser that sends no
 * Origin still sends Sec-Fetch-Site, which must then say same-origin; a client sending neither
 * is not a browser, so no visitor's cookies can be riding on it.
 */
export function isSameOriginRequest(request: Request, config: Pick<AppConfig, "publicUrl">) {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(request.url).origin, originOf(config.publicUrl)]);
    return allowed.has(origin);
  }
  const fetchSite = request.headers.get("sec-fetch-site");
  return fetchSite === null || fetchSite === "same-origin";
}

/** Throws 403 unless the request is a safe method or comes from this site. */
export function requireSameOrigin(request: Request, config: Pick<AppConfig, "publicUrl">) {
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
