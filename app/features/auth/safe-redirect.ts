export const ADMIN_HOME = "/admin/dashboard";

const PROBE_ORIGIN = "http://probe.invalid";
const NOT_TARGETS = new Set(["/admin/login", "/admin/logout"]);

/**
 * Where to go after signing in: a path of this site inside /admin, or the dashboard. Anything
 * that could leave the site ("//evil.example", "/\\evil.example", a full URL, "/admin/../x")
 * or loop back to the sign-in screen falls back to the dashboard.
 */
export function safeRedirectTo(value: unknown, fallback = ADMIN_HOME) {
  if (typeof value !== "string" || value.length > 2048) return fallback;
  // Browsers strip tabs and newlines and read "\" as "/", so "/\t/evil" and "/\evil" go offsite.
  if (!value.startsWith("/") || value.startsWith("//") || hasControlOrBackslash(value)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const inAdmin = url.pathname === "/admin" || url.pathname.startsWith("/admin/");
  if (!inAdmin || NOT_TARGETS.has(url.pathname.replace(/\/$/, ""))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlOrBackslash(value: string) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
