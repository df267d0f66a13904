import type { Kysely } from "kysely";
import type { AppConfig } from "./config.server";
import type { Database } from "./database";
import type { Dialect } from "./db.server";
import type { Logger } from "./logger.server";

/**
 * What server.ts hands every loader and action: one database, one config, one logger per process.
 * An interface, so a feature adds what it owns (site-content adds `siteContent`) without server/
 * importing the feature.
 */
export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: AppConfig;
  logger: Logger;
  /**
   * The per-response Content-Security-Policy nonce for inline scripts, or, when `cspHashed`, the
   * nonce of a cached page's styles only (its scripts are allowed by hash, decision 0035).
   */
  cspNonce: string;
  /** A render for the public-page cache: whole (not streamed), its CSP built from its hashes. */
  cspHashed?: boolean;
  /** The client's address: the socket's, or the proxy's X-Forwarded-For hop when TRUST_PROXY=on. */
  clientIp: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
