import type { NextFunction, Request, Response } from "express";

const KB = 1024;
const MB = 1024 * KB;

/** The largest body a route accepts: photo uploads get room for one image, everything else a form. */
export function bodyLimitFor(pathname: string) {
  if (pathname.startsWith("/api/uploads")) return 12 * MB;
  if (pathname.startsWith("/admin/marketing")) return 12 * MB;
  if (pathname.startsWith("/work-with-us")) return 6 * MB;
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
  const limit = bodyLimitFor(req.path);
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
