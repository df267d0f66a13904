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

// No page uses a camera, a microphone, the location, sensors or the Payment Request API (Stripe
// Checkout is a redirect), so none may, not even a script that slipped in. Only features Chromium
// recognises are listed: an unknown one is logged as a console error on every page.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

export function permissionsPolicy(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
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

export function securityHeaders({ development, https, pageLoadsAnalytics }: Options) {
  const analyticsHosts = (kind: keyof typeof ANALYTICS_HOSTS) => (_req: unknown, res: unknown) =>
    pageLoadsAnalytics(res as Response) ? ANALYTICS_HOSTS[kind].join(" ") : "";
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        // Vite's dev server injects styles and a module preamble inline; production needs neither.
        "script-src": development
          ? ["'self'", "'unsafe-inline'", analyticsHosts("script")]
          : ["'self'", nonce, analyticsHosts("script")],
        // The nonce is for the one <style> Radix adds while a dialog or menu is open (root.tsx).
        "style-src": development ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce],
        // Staff may choose Unsplash links for marketing images (docs/product/back-office.md#marketing).
        "img-src": [
          "'self'",
          "data:",
          "blob:",
          "https://images.unsplash.com",
          analyticsHosts("img"),
        ],
        "font-src": ["'self'"],
        "connect-src": development
          ? ["'self'", "ws:", analyticsHosts("connect")]
          : ["'self'", analyticsHosts("connect")],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
