import type { NextFunction, Request, Response } from "express";
import type { Kysely } from "kysely";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Logger } from "~/server/logger.server";
import { getSiteContent, type SiteContent } from "./content-cache.server";

// Paths that never render a public page: files, the admin, the JSON API and the health check.
const NOT_PUBLIC = /^\/(?:admin|api|assets|media|healthz)(?:\/|$)/;
const FILE = /\.[A-Za-z0-9]+$/;

/** True when `path` may render a page of the public site (or its single-fetch `.data`). */
export function isPublicPagePath(path: string) {
  if (NOT_PUBLIC.test(path)) return false;
  return !FILE.test(path) || path.endsWith(".data");
}

type Deps = { db: Kysely<Database>; config: AppConfig; logger: Logger };

/**
 * Reads the public site's content (cached; one version query) before the response headers are
 * written, because the CSP allows the analytics host only when staff set a tag id. The content
 * goes to the loaders through the load context (`res.locals.siteContent`), so it is read once.
 * A database that cannot answer leaves it unset: the page's own loader then reports the error.
 */
export function loadSiteContentForPages({ db, config, logger }: Deps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isPublicPagePath(req.path)) return next();
    try {
      const content: SiteContent = await getSiteContent(db, config);
      res.locals.siteContent = content;
    } catch (error) {
      logger.warn({ err: error }, "site content unavailable");
    }
    next();
  };
}
