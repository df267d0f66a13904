import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "./logger.server";
import { cacheablePage } from "./page-cache/cacheable-pages.server";
import { sendCachedPage, type PageCache } from "./page-cache/page-cache.server";
import { redactPath } from "./request-log.server";

// The answers server.ts gives before Express sees the request (docs/benchmarks.md,
// "Cacheable public pages and the fixed cost of a request"): the health check and repeat visits to a cached public page. Express's router, its
// request and response wrappers and the middleware chain cost more than the answer itself; these
// two need none of it. Every answer still carries every security header (the same list Express
// sets, security-headers.server.ts) and, for pages, the request log's line.

type Deps = {
  /** Every security header but the CSP, computed once. */
  fixedHeaders: Array<[string, string]>;
  /** The CSP of a response that is not a page (no inline script, no style). */
  plainCsp: string;
  databaseReachable: () => Promise<boolean>;
  /** The public site's content version, for the page cache; undefined when pages are not cached. */
  contentVersion?: () => Promise<number>;
  pages?: PageCache;
  logger: Logger;
};

/**
 * Shares one call among the callers that arrive while it runs: under load, one database round
 * trip answers every request in flight instead of one each. A caller may get the answer of a read
 * that started just before it arrived, never an older one.
 */
export function shared<T>(read: () => Promise<T>) {
  let running: Promise<T> | undefined;
  return () => {
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  };
}

function setAll(res: ServerResponse, headers: Array<[string, string]>) {
  for (const [name, value] of headers) res.setHeader(name, value);
}

export function fastLane(deps: Deps) {
  const { fixedHeaders, plainCsp, logger } = deps;

  async function healthz(res: ServerResponse) {
    const ok = await deps.databaseReachable();
    const body = JSON.stringify({
      status: ok ? "ok" : "unavailable",
      database: ok ? "reachable" : "unreachable",
    });
    setAll(res, fixedHeaders);
    res.setHeader("Content-Security-Policy", plainCsp);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.statusCode = ok ? 200 : 503;
    res.end(body);
  }

  /** True when it answered; false sends the request on to Express. */
  async function cachedPage(req: IncomingMessage, res: ServerResponse, key: string) {
    const started = process.hrtime.bigint();
    const version = await deps.contentVersion!();
    const entry = deps.pages!.get(key, version);
    if (!entry) return false;
    const bytes = sendCachedPage(req, res, entry, fixedHeaders);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      {
        method: req.method,
        path: redactPath(key.split("?", 1)[0]!),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: bytes || undefined,
      },
      "request",
    );
    return true;
  }

  /** Answers the request, or calls `next` (Express) for anything it does not own. */
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query >= 0 ? url.slice(0, query) : url;
    const fail = (error: unknown) => {
      logger.error({ err: error, path: redactPath(path) }, "fast lane error");
      if (!res.headersSent) next();
    };
    if (path === "/healthz") return void healthz(res).catch(fail);
    if (!deps.pages) return next();
    const page = cacheablePage(path, query >= 0 ? url.slice(query) : "", req.headers.cookie);
    // Only a page already kept is worth the version read here; a first visit renders in Express.
    if (!page || !deps.pages.has(page.key)) return next();
    cachedPage(req, res, page.key).then((answered) => answered || next(), fail);
  };
}
