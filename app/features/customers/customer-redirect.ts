// Where a customer goes after signing in: a page of this site's own account area, or My Bookings.
// Anything that could leave the site ("//evil.example", "/\\evil", a full URL) or lead back to
// the sign-in pages falls back to /bookings (the same care as the staff sign-in's redirect).

export const CUSTOMER_HOME = "/bookings";
const PROBE_ORIGIN = "http://probe.invalid";
const TARGETS = ["/bookings", "/profile", "/subscription"];

export function safeCustomerRedirect(value: unknown, fallback = CUSTOMER_HOME) {
  if (typeof value !== "string" || value.length > 2048) return fallback;
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
  const allowed = TARGETS.some(
    (target) => url.pathname === target || url.pathname.startsWith(`${target}/`),
  );
  return allowed ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

function hasControlOrBackslash(value: string) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
