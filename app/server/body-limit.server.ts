import type { NextFunction, Request, Response } from "express";

const KB = 1024;
const MB = 1024 * KB;

/** Whether `pathname` is `route` or below it, by whole segments and ignoring case, as routing does. */
function isAtOrBelow(pathname: string, route: string) {
  const path = pathname.toLowerCase();
  return path === route || path.startsWith(`${route}/`) || path === `${route}.data`;
}

/**
 * The largest body a route accepts: photo uploads get room for one image, everything else a form.
 * `pathname` is the routed (decoded, dot-segment-free) path that requestScreen leaves in
 * res.locals.routedPath, so the limit is chosen for the route that will really read the body.
 */
export function bodyLimitFor(pathname: string) {
  if (isAtOrBelow(pathname, "/api/uploads")) return 12 * MB;
  if (isAtOrBelow(pathname, "/admin/marketing")) return 12 * MB;
  if (isAtOrBelow(pathname, "/work-with-us")) return 6 * MB;
  // A cleaner's photo, from Add Cleaner or the profile (under 5MB), and a document attached to
  // an application on the profile (10 MB, as other uploads:
  // docs/decisions/0056-application-outcomes-and-documents.md).
  if (isAtOrBelow(pathname, "/admin/cleaners")) return 12 * MB;
  // A job's before or after photo, posted to the job's own page in the cleaner's app
  // (docs/decisions/0087-job-photos-and-on-my-way-texts.md).
  if (/^\/cleaner\/jobs\/[^/]+(\.data)?$/i.test(pathname)) return 12 * MB;
  return 256 * KB;
}

function tooLarge(res: Response) {
  res.status(413).type("text/plain").send("Request body too large.");
}

/**
 * Rejects oversized bodies before React Router reads them: by Content-Length when sent, and by
 * counting the raw stream when the client streams without one. It never consumes the body itself.
 */
export function bodyLimit(req: Request, res: Response, next: NextFunction) {
  // requestScreen runs first and refuses any path it cannot route; the fallback is the smallest limit.
  const routed = res.locals.routedPath as string | undefined;
  const limit = routed === undefined ? 256 * KB : bodyLimitFor(routed);
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) {
      res.status(400).type("text/plain").send("Invalid Content-Length header.");
      return;
    }
    if (length > limit) return tooLarge(res);
    return next();
  }
  if (req.headers["transfer-encoding"]) {
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit && !res.headersSent) {
        tooLarge(res);
        req.destroy();
      }
    });
  }
  next();
}

/**
 * Discards what is left of a request's body once its answer is out. An answer given before the
 * body was read (a 401 to a signed-out visitor, a redirect) leaves React Router's reader paused
 * on a full buffer, so the body would never finish arriving: the connection would sit stuck
 * until the request timeout, and the client, still sending, would get a reset (ECONNRESET) in
 * place of the answer or of its next request. Bodies are already capped by bodyLimit.
 */
export function drainUnreadBody(req: Request, res: Response, next: NextFunction) {
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}
