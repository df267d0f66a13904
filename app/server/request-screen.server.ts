import type { NextFunction, Request, Response } from "express";

// The first look at every request, before anything routes or reads it. What it refuses here never
// reaches React Router, so a malformed or hostile request costs one log line and no stack trace.

/** The methods the app answers; anything else (TRACE, PUT, PROPFIND, …) is 405. */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);

/** The bodies an HTML form can send: every page action reads one of these, never JSON. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The request path as the router will see it (percent-decoded), or null when it cannot be a real
 * page: dot segments ("..", "%2e%2e", "..%2f"), backslashes, or broken percent-encoding. The
 * router normalises dot segments away, so a path carrying them is routed somewhere else than it
 * reads; refusing them keeps every path-based decision (the body limit) on the routed path.
 */
export function routedPath(rawUrl: string): string | null {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? "";
  if (!rawPath.startsWith("/")) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes("\\") || decoded.includes("\0")) return null;
  const segments = decoded.split("/");
  if (segments.some((segment) => segment === "." || segment === "..")) return null;
  return decoded;
}

/** Whether a mutation to this path must carry a form body (page actions) or speaks JSON (the API). */
function isPageMutation(path: string) {
  return !path.toLowerCase().startsWith("/api/");
}

function isFormBody(contentType: string | undefined) {
  const type = contentType?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return FORM_TYPES.includes(type);
}

/**
 * The URL React Router will give the request (as @react-router/express builds it: the protocol,
 * the forwarded host behind a trusted proxy, the Host header's port), for the origin check.
 */
function routerUrl(req: Request) {
  const forwarded = req.app?.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined;
  const port = forwarded?.split(":")[1] ?? req.get("host")?.split(":")[1] ?? "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return `${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/** What the origin check reads of a request (a Fetch Request has these too). */
export type OriginFacts = { method: string; url: string; headers: Headers };

export type RequestScreenOptions = {
  /** The site's one origin rule (server.ts passes request-origin.server.ts's). */
  isSameOrigin: (request: OriginFacts) => boolean;
  /**
   * Sets the security headers (CSP, nosniff, frame-ancestors, HSTS…) on a refusal, which never
   * reaches the middleware that sets them for everything else: a 400 or 405 is a response like
   * any other and is protected like one.
   */
  protect: (req: Request, res: Response, next: NextFunction) => void;
  /**
   * Whether a post to the path reaches an action (route-actions.server.ts). Only the built server
   * knows its routes up front; without it React Router answers such a post itself.
   */
  takesPost?: (pathname: string, search: string) => boolean;
};

/**
 * Whether a page's form post comes from another site. Refused here with 403, the answer every
 * action's own check gives, rather than React Router's 400 for a foreign Origin, and before the
 * body is read; the JSON API answers for itself (API keys, JSON bodies).
 */
function isCrossSitePost(req: Request, options: RequestScreenOptions) {
  const headers = new Headers();
  for (const name of ["origin", "sec-fetch-site", "cookie"]) {
    const value = req.get(name);
    if (value !== undefined) headers.set(name, value);
  }
  let url: string;
  try {
    url = new URL(routerUrl(req)).toString();
  } catch {
    return true;
  }
  return !options.isSameOrigin({ method: req.method, url, headers });
}

/** Runs after requestLog, whose one line for the request carries the reason of a refusal. */
export function requestScreen(options: RequestScreenOptions) {
  return function screen(req: Request, res: Response, next: NextFunction) {
    const refuse = (status: number, reason: string, message: string) => {
      res.locals.refused = reason;
      options.protect(req, res, () => {
        res.status(status).set("cache-control", "no-store").type("text/plain").send(message);
      });
    };
    if (!ALLOWED_METHODS.has(req.method)) {
      res.set("allow", "GET, HEAD, POST");
      return refuse(405, "method", "Method not allowed.");
    }
    const path = routedPath(req.originalUrl);
    if (path === null) return refuse(400, "path", "Bad request path.");
    res.locals.routedPath = path;
    if (req.method === "POST" && isPageMutation(path) && !isFormBody(req.headers["content-type"])) {
      return refuse(415, "body-type", "Send the form as a form (urlencoded or multipart).");
    }
    if (req.method === "POST" && isPageMutation(path) && isCrossSitePost(req, options)) {
      return refuse(403, "cross-site", "This request did not come from this site and was refused.");
    }
    if (req.method === "POST" && options.takesPost) {
      const search = req.originalUrl.slice(req.originalUrl.split("?", 1)[0]!.length);
      if (!options.takesPost(path, search)) {
        res.set("allow", "GET, HEAD");
        return refuse(405, "method", "Method not allowed.");
      }
    }
    next();
  };
}
