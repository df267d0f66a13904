import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppContext } from "~/server/context";
import { cacheablePage } from "./cacheable-pages.server";
import { sendCachedPage, type PageCache, type Rendered } from "./page-cache.server";

type Deps = {
  cache: PageCache;
  build: ServerBuild;
  /** The load context's fixed part (database, config, logger). */
  context: Pick<AppContext, "db" | "dialect" | "config" | "logger">;
};

/**
 * The render of a cacheable page as every visitor gets it: a request with no cookie and no
 * header from the visitor, at PUBLIC_URL, rendered whole (no streaming), its inline scripts
 * carrying no per-response nonce (entry.server.tsx), with the content server.ts already read.
 */
function pageRenderer({ build, context }: Omit<Deps, "cache">) {
  const handle = createRequestHandler(build, "production");
  return async (key: string, styleNonce: string, res: Response): Promise<Rendered> => {
    const request = new Request(`${context.config.publicUrl}${key}`, {
      headers: { accept: "text/html" },
    });
    const loadContext: AppLoadContext = {
      ...context,
      cspNonce: styleNonce,
      cspHashed: true,
      siteContent: res.locals.siteContent as AppContext["siteContent"],
      clientIp: "",
    };
    const response = await handle(request, loadContext);
    const contentType = response.headers.get("content-type") ?? "";
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      /private|no-store/.test(cacheControl) ||
      !contentType.startsWith("text/html")
    ) {
      await response.body?.cancel();
      return null;
    }
    return { html: await response.text(), contentType };
  };
}

/**
 * Express's part of the page cache: after the security headers, a GET of a cacheable page is
 * answered from the cache, rendered into it first when missing. A page that may not be kept (a
 * 404, a redirect) and a database that cannot answer go on to the ordinary, nonce-based render.
 * server.ts answers repeat visits before Express (fast-lane.server.ts); this is the first visit.
 */
export function publicPageCache({ cache, build, context }: Deps) {
  const render = pageRenderer({ build, context });
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const query = req.originalUrl.indexOf("?");
    const search = query >= 0 ? req.originalUrl.slice(query) : "";
    const page = cacheablePage(req.path, search, req.headers.cookie);
    const content = res.locals.siteContent as AppContext["siteContent"];
    if (!page || !content) return next();
    try {
      const analytics = Boolean(content.analyticsTagId);
      const entry = await cache.getOrRender(page, content.version, analytics, (nonce) =>
        render(page.key, nonce, res),
      );
      if (!entry) return next();
      sendCachedPage(req, res, entry);
    } catch (error) {
      next(error);
    }
  };
}
