import type { NextFunction, Request, Response } from "express";
import type { Logger } from "./logger.server";

/**
 * One log line per request. Only the path is written: query strings carry references and
 * tokens, and request bodies carry personal data, so neither is ever logged.
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          method: req.method,
          path: redactPath(req.path),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
          // Why requestScreen refused it (method, path, body-type), when it did.
          refused: (res.locals.refused as string | undefined) ?? undefined,
        },
        "request",
      );
    });
    next();
  };
}

// Paths can hold one-time tokens (magic links, assignment answers): keep the shape, drop the secret.
export function redactPath(path: string) {
  return path.replace(/\/[A-Za-z0-9_-]{24,}(?=\/|$)/g, "/:token");
}
