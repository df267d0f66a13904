// Which public pages a shared cache (a CDN, and this process's page cache) may keep
// (docs/decisions/0035-cacheable-public-pages.md). Each listed page shows nothing about the
// visitor: no session is read, no cookie is set, its forms post to actions that are never cached.
// Everything else (/bookings, /profile, /sign-in, the booking and payment steps and their success
// pages, the quote result, the post-construction thank-you, /admin) stays `private, no-store`
// with a per-response nonce.

type Rule = {
  path: RegExp;
  /** The query parameters the page reads; any other parameter is dropped from the cache key. */
  query?: string[];
  /** The page is personal for a signed-in customer (their points): their requests bypass the cache. */
  personalWhenSignedIn?: true;
};

const RULES: Rule[] = [
  { path: /^\/$/ },
  { path: /^\/services$/ },
  // Quote start (residential, commercial); `?cleaner=` names a preferred cleaner (public name).
  { path: /^\/services\/[12]$/, query: ["cleaner"] },
  { path: /^\/about$/ },
  { path: /^\/contact$/ },
  { path: /^\/policies$/ },
  { path: /^\/work-with-us$/ },
  { path: /^\/post-construction-form$/ },
  { path: /^\/post-construction-contact$/ },
  { path: /^\/subscription$/, query: ["plan"], personalWhenSignedIn: true },
  // A working cleaner's public profile; unknown ids are a 404, which is never stored.
  { path: /^\/provider\/[A-Za-z0-9_-]{1,64}$/ },
];

// The customer's session cookie (session.server.ts). A staff cookie changes no public page.
const CUSTOMER_COOKIE = /(?:^|;\s*)hg_customer=/;

export type CacheablePage = {
  /** Path plus the query the page reads, in a fixed order: the cache key and the rendered URL. */
  key: string;
  /** Whether the response must say `Vary: Cookie` (the page differs for a signed-in customer). */
  varyByCookie: boolean;
};

/**
 * The page a GET of `path` with `search` ("?a=b" or "") renders, when a shared cache may keep it
 * for this request; null otherwise.
 */
export function cacheablePage(
  path: string,
  search: string,
  cookie: string | undefined,
): CacheablePage | null {
  const rule = RULES.find((candidate) => candidate.path.test(path));
  if (!rule) return null;
  if (rule.personalWhenSignedIn && cookie && CUSTOMER_COOKIE.test(cookie)) return null;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of rule.query ?? []) {
    const value = params.get(name);
    if (value !== null && value !== "") kept.set(name, value.slice(0, 64));
  }
  const query = kept.toString();
  return {
    key: query ? `${path}?${query}` : path,
    varyByCookie: Boolean(rule.personalWhenSignedIn),
  };
}
