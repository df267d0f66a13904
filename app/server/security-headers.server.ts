import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { ANALYTICS_SCRIPT_ORIGIN } from "~/lib/analytics";

/** A fresh nonce per response, so only the scripts we render ourselves can run. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

type Options = {
  development: boolean;
  https: boolean;
  /** Whether this response's page loads the analytics tag; server.ts answers from the site content. */
  pageLoadsAnalytics: (res: Response) => boolean;
};

// No page uses a camera, a microphone, sensors or the Payment Request API (Stripe Checkout is a
// redirect), so none may, not even a script that slipped in. Only features Chromium recognises
// are listed: an unknown one is logged as a console error on every page.
const DENIED_FEATURES = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
];
const PERMISSIONS_POLICY = [...DENIED_FEATURES, "geolocation=()"].join(", ");
// A cleaner's job page asks for the location at check-in, if the phone grants it
// (docs/decisions/0068-job-visits.md). The app moves between its pages without reloading, and a
// document keeps the policy it loaded with, so every page of the cleaner's app may ask; this
// origin only, and no other page of the site.
const CLEANER_APP_PERMISSIONS_POLICY = [...DENIED_FEATURES, "geolocation=(self)"].join(", ");
const CLEANER_APP = /^\/cleaner(\/|$)/;

export function permissionsPolicy(req: Request, res: Response, next: NextFunction) {
  const policy = CLEANER_APP.test(req.path) ? CLEANER_APP_PERMISSIONS_POLICY : PERMISSIONS_POLICY;
  res.setHeader("Permissions-Policy", policy);
  next();
}

/**
 * Google Analytics 4 (gtag.js, docs/decisions/0016-analytics-only-when-configured.md): the one third-party script, and where it reports. Allowed
 * only on responses whose page loads it, that is when staff set a tag id (server.ts tells, from
 * `res.locals.siteContent`, set for public pages by loadSiteContentForPages).
 */
const ANALYTICS_HOSTS = {
  script: [ANALYTICS_SCRIPT_ORIGIN],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
  ],
};

/**
 * The script and style sources a page's CSP allows besides 'self': the response's nonce (every
 * private page), or the SHA-256 hashes of a cacheable page's inline scripts (the public-page
 * cache, docs/decisions/0035-cacheable-public-pages.md, which replaces this header on its pages).
 */
export type CspSources = { scripts: string[]; styles: string[] };

type PolicyOptions = {
  development: boolean;
  https: boolean;
  analytics: boolean;
  sources: CspSources;
};

/** The Content-Security-Policy header's value; one string per response, built without helmet. */
export function contentSecurityPolicy({ development, https, analytics, sources }: PolicyOptions) {
  const hosts = (kind: keyof typeof ANALYTICS_HOSTS) => (analytics ? ANALYTICS_HOSTS[kind] : []);
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    // Vite's dev server injects styles and a module preamble inline; production needs neither.
    [
      "script-src",
      development
        ? ["'self'", "'unsafe-inline'", ...hosts("script")]
        : ["'self'", ...sources.scripts, ...hosts("script")],
    ],
    // The nonce is for the one <style> Radix adds while a dialog or menu is open (root.tsx).
    ["style-src", development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...sources.styles]],
    // Staff may choose Unsplash links for marketing images (docs/product/back-office.md#marketing).
    ["img-src", ["'self'", "data:", "blob:", "https://images.unsplash.com", ...hosts("img")]],
    ["font-src", ["'self'"]],
    [
      "connect-src",
      development ? ["'self'", "ws:", ...hosts("connect")] : ["'self'", ...hosts("connect")],
    ],
    // The cleaner app's service worker and manifest come from here only (decision 0063).
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ...(https ? [["upgrade-insecure-requests", []] as [string, string[]]] : []),
  ];
  return directives.map(([name, values]) => [name, ...values].join(" ")).join(";");
}

const nonceSources = (nonce: string): CspSources => ({
  scripts: [`'nonce-${nonce}'`],
  styles: [`'nonce-${nonce}'`],
});

/** Every header but the CSP, the same on every response: helmet's, configured once. */
function otherHeaders(https: boolean) {
  return helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

// Stands for the nonce in a policy built ahead; a base64 nonce never contains it.
const NONCE_SLOT = "\u0000";

export function securityHeaders({ development, https, pageLoadsAnalytics }: Options) {
  const helmetHeaders = otherHeaders(https);
  // The two policies (with and without the analytics hosts) are built once, around the nonce's
  // place: a response only joins its nonce in, rather than rebuilding every directive.
  const policyAround = (analytics: boolean) =>
    contentSecurityPolicy({
      development,
      https,
      analytics,
      sources: nonceSources(NONCE_SLOT),
    }).split(NONCE_SLOT);
  const withAnalytics = policyAround(true);
  const withoutAnalytics = policyAround(false);
  return (req: Request, res: Response, next: NextFunction) => {
    helmetHeaders(req, res, (error?: unknown) => {
      if (error) return next(error);
      const policy = pageLoadsAnalytics(res) ? withAnalytics : withoutAnalytics;
      res.setHeader("Content-Security-Policy", policy.join(res.locals.cspNonce as string));
      next();
    });
  };
}

/**
 * The headers every response carries (helmet's, the Permissions-Policy), as a list computed once:
 * for the answers server.ts sends before Express (fast-lane.server.ts). Read off the same
 * middleware Express runs, so the two never drift apart.
 */
export function fixedSecurityHeaders(https: boolean): Array<[string, string]> {
  const headers = new Map<string, string>();
  const stub = {
    locals: {},
    setHeader: (name: string, value: unknown) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  } as unknown as Response;
  const req = { headers: {} } as Request;
  permissionsPolicy(req, stub, () => {});
  otherHeaders(https)(req, stub, () => {});
  return [...headers];
}

/**
 * A page whose URL carries a token sets its own Referrer-Policy. React Router's Express adapter
 * appends every header a route sets, which would send helmet's beside it, and browsers then
 * follow whichever comes last; the route's replaces helmet's instead, so one policy is sent.
 */
export function routeReferrerPolicyReplaces(_req: Request, res: Response, next: NextFunction) {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) =>
    field.toLowerCase() === "referrer-policy" && value !== undefined
      ? res.set(field, value)
      : append(field, value);
  next();
}
