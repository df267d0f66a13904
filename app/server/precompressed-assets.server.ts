import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Sends the build's brotli copy of a script or stylesheet (scripts/precompress-assets.mjs) to a
 * browser that accepts br, with the original's type and the assets' year-long cache; any other
 * request, or a file without a copy, goes on to the plain static files (and to gzip on the fly).
 * The list of copies is read once: a build's files never change while it runs.
 */
export function precompressedAssets(brotliDir: string): RequestHandler {
  const copies = new Set(
    existsSync(brotliDir)
      ? readdirSync(brotliDir)
          .filter((file) => file.endsWith(".br"))
          .map((file) => file.slice(0, -".br".length))
      : [],
  );
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || !copies.has(name)) return next();
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br", "identity") !== "br") return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", "br");
    res.sendFile(`${name}.br`, { root: brotliDir, immutable: true, maxAge: "1y" }, (error) => {
      // A browser that closed the page mid-download left; nothing failed on our side (the
      // plain static files treat it the same way).
      if (error && (error as { code?: string }).code !== "ECONNABORTED") next(error);
    });
  };
}
