// Where a `redirectTo` (or `returnTo`) may send someone: a path of this site inside the audience's
// allow-list, or the audience's home. Anything that could leave the site ("//evil.example",
// "/\\evil.example", a full URL, "javascript:", the same written with percent-escapes) or climb
// out of the allowed paths ("/admin/../x") falls back, and so does a page that would loop back
// to sign-in.

/** The paths one audience may be sent to after signing in, and where it goes otherwise. */
export type RedirectAllowList = {
  /** Where a refused or missing target sends them. */
  home: string;
  /** Path prefixes a target may start with ("/admin" allows "/admin" and "/admin/…" only). */
  prefixes: readonly string[];
  /** Paths inside a prefix that are never a target (the sign-in and sign-out screens). */
  never?: readonly string[];
};

export const STAFF_REDIRECTS: RedirectAllowList = {
  home: "/admin/dashboard",
  prefixes: ["/admin"],
  never: ["/admin/login", "/admin/logout"],
};

export const CUSTOMER_REDIRECTS: RedirectAllowList = {
  home: "/bookings",
  prefixes: ["/bookings", "/profile", "/subscription"],
};

const PROBE_ORIGIN = "http://probe.invalid";
const MAX_LENGTH = 2048;

/** `value` when it is a safe target for `allow`'s audience, otherwise `fallback`. */
export function safeRedirect(value: unknown, allow: RedirectAllowList, fallback = allow.home) {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  // Browsers strip tabs and newlines and read "\" as "/", so "/\t/evil" and "/\evil" go offsite.
  if (!value.startsWith("/") || value.startsWith("//") || hasControlOrBackslash(value)) {
    return fallback;
  }
  // The same tricks percent-encoded ("/%2F%2Fevil", "/%5Cevil", "/%09/evil") become real once
  // anything on the way decodes the path again, so the decoded path must pass too.
  const decoded = decodedPath(value);
  if (decoded === null || decoded.startsWith("//") || hasControlOrBackslash(decoded)) {
    return fallback;
  }
  if (decoded.split("/").some((segment) => segment === "." || segment === "..")) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || !isAllowed(url.pathname, allow)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isAllowed(pathname: string, allow: RedirectAllowList) {
  const inside = allow.prefixes.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
  const path = pathname.replace(/\/$/, "");
  return inside && !(allow.never ?? []).includes(path);
}

function decodedPath(value: string) {
  const path = value.split(/[?#]/, 1)[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

function hasControlOrBackslash(value: string) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
