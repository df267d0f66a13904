import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "./logger.server";
import type { ObjectStorage } from "./storage.server";

// GET /media/{key}/{width}.{avif|webp}: an image variant (images.server.ts), streamed from the
// object storage, whichever backend it is (docs/decisions/0036-object-storage.md), so the bucket
// stays private and the headers are ours. The folder name is a hash of the photo's bytes, so a
// URL's content never changes: browsers and a CDN may keep it for a year, and its ETag is the URL.

const VARIANT = /^\/([0-9a-f]{32})\/(\d{1,5})\.(avif|webp)$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Express middleware for the /media mount; anything that is not a stored variant falls through. */
export function serveMedia(storage: () => Promise<ObjectStorage>, logger: Logger) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = VARIANT.exec(req.path);
    if (!match) return next();
    const [, key, width, format] = match;
    // A variant's object key is its URL's path (variantObjectKey, images.server.ts).
    const objectKey = `media${req.path}`;
    const etag = `"${key}-${width}-${format}"`;
    const headers = {
      "content-type": `image/${format}`,
      "cache-control": `public, max-age=${YEAR_SECONDS}, immutable`,
      etag,
    };
    try {
      if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
        // The ETag names the content itself: a cache that holds it holds what we would send.
        if (await (await storage()).stat(objectKey)) {
          res.status(304).set(headers).end();
          return;
        }
        return next();
      }
      const object = await (await storage()).get(objectKey);
      if (!object) return next();
      res.status(200).set({ ...headers, "content-length": String(object.size) });
      if (req.method === "HEAD") {
        object.body.destroy();
        res.end();
        return;
      }
      await pipeline(object.body, res);
    } catch (error) {
      // A visitor who goes away mid-image is not an error worth a log line.
      if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      if (res.headersSent) {
        logger.warn({ err: error, path: req.path }, "media stream cut");
        res.destroy();
        return;
      }
      next(error);
    }
  };
}
