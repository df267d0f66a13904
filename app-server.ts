import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { loadSiteContentForPages } from "./app/features/site-content/public-pages.server";
import { bodyLimit, drainUnreadBody } from "./app/server/body-limit.server";
import { compressionDrainListeners } from "./app/server/compression-drain.server";
import { ConfigError, loadConfig } from "./app/server/config.server";
import type { AppContext } from "./app/server/context";
import { createDatabase, databaseReachableCheck, migrateToLatest } from "./app/server/db.server";
import { APP_JOB_HANDLERS, scheduleRecurringJobs } from "./app/jobs.server";
import { drainableServer } from "./app/server/connection-drain.server";
import { createOwnerOnlyFiles, secureDataFolder } from "./app/server/data-folder.server";
import { createLogger } from "./app/server/logger.server";
import { serveMedia } from "./app/server/media.server";
import { storageFor } from "./app/server/storage.server";
import { proxyOrigin } from "./app/server/proxy-origin.server";
import { requestLog } from "./app/server/request-log.server";
import { requestScreen } from "./app/server/request-screen.server";
import { actionTaker } from "./app/server/route-actions.server";
import { actionAt, directActions } from "./app/server/direct-actions.server";
import { contentVersionReader } from "./app/server/content-version.repository.server";
import { fastLane, shared } from "./app/server/fast-lane.server";
import { publicPageCache } from "./app/server/page-cache/page-cache-middleware.server";
import { PageCache } from "./app/server/page-cache/page-cache.server";
import {
  contentSecurityPolicy,
  cspNonce,
  fixedSecurityHeaders,
  permissionsPolicy,
  routeReferrerPolicyReplaces,
  securityHeaders,
} from "./app/server/security-headers.server";
import {
  prepareDatabase,
  warnIfAnyClientNamesItsAddress,
  warnIfDemoOnPublicAddress,
} from "./app/startup.server";
import { startWorker } from "./app/features/outbox/worker.server";
import { isSameOriginRequest } from "./app/server/request-origin.server";
import { precompressedAssets } from "./app/server/precompressed-assets.server";
import { setPasswordHashCost } from "./app/features/auth/password.server";

/** Served before Express (direct-actions.server.ts); app/routes.ts names its route. */
const QUOTES_API_PATH = "/api/v1/quotes";

/** What the development entry (dev-server.ts) hands in: Vite's middleware and its live build. */
export type DevelopmentServer = {
  middlewares: express.Handler;
  close: () => Promise<void>;
};

export type StartOptions = {
  /** The React Router server build: imported from build/ in production, from Vite in development. */
  loadBuild: () => Promise<ServerBuild>;
  /** build/client: the browser assets the production server serves itself. */
  clientDir: string;
  /** build/brotli: the build's brotli copies of the client's scripts and stylesheets. */
  brotliDir?: string;
  /** Only dev-server.ts passes this; the built server (server.ts) never has Vite to pass. */
  development?: DevelopmentServer;
};

/**
 * The whole HTTP server: configuration, database, worker, Express and graceful shutdown. Two
 * entries call it: server.ts (built into build/server.js, production mode always) and
 * dev-server.ts (Vite with hot reload). Vite lives only in the second, so no start of the built
 * server, whatever NODE_ENV says, can serve source files (docs/security.md).
 */
export async function startServer(options: StartOptions) {
  const devServer = options.development;
  const development = devServer !== undefined;

  // Before the configuration, which may generate the secrets file into the data folder.
  createOwnerOnlyFiles();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  secureDataFolder(config.dataDir);
  // Production's cost unless a test lowered it (loadConfig refuses SCRYPT_LOG2_N elsewhere).
  setPasswordHashCost(config.SCRYPT_LOG2_N);
  const logger = createLogger(config.LOG_LEVEL);
  const storage = () => storageFor(config);
  logger.info({ storage: (await storage()).describe() }, "object storage");
  const database = createDatabase(config.databaseUrl, { backgroundCheckpoints: true });
  await migrateToLatest(database.db);
  await prepareDatabase({ db: database.db, config, logger });
  warnIfDemoOnPublicAddress(config, logger);
  warnIfAnyClientNamesItsAddress(config, logger);
  await scheduleRecurringJobs(database.db);
  const worker = startWorker({
    db: database.db,
    dialect: database.dialect,
    config,
    logger,
    handlers: APP_JOB_HANDLERS,
    leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
  });

  const https = config.publicUrl.startsWith("https://");
  // Production only: the development server renders every request (HMR, an inline-script CSP).
  const build = development ? undefined : await options.loadBuild();
  const pageCache = build
    ? new PageCache({
        buildId: build.assets.version,
        policy: (sources, analytics) =>
          contentSecurityPolicy({ development, https, analytics, sources }),
      })
    : undefined;

  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== false) app.set("trust proxy", config.trustProxy);
  // Everything Express runs before its routes, in order. The quote API's posts run the same list
  // without Express's router or React Router's (direct-actions.server.ts).
  const beforeRoutes: express.RequestHandler[] = [
    requestLog(logger),
    drainUnreadBody,
    permissionsPolicy,
    cspNonce,
    // A refusal (400, 405, 415) loads no page and no analytics tag: the headers without them.
    requestScreen({
      isSameOrigin: (request) => isSameOriginRequest(request, config),
      protect: securityHeaders({ development, https, pageLoadsAnalytics: () => false }),
      takesPost: build ? actionTaker(build) : undefined,
    }),
    // Before the headers: a public page's CSP depends on the site's content (the analytics tag).
    loadSiteContentForPages({ db: database.db, config, logger }),
    securityHeaders({
      development,
      https,
      pageLoadsAnalytics: (res) =>
        Boolean((res.locals.siteContent as AppContext["siteContent"])?.analyticsTagId),
    }),
    // After the headers, before compression: a kept page carries its own CSP and its own gzip copy.
    ...(build && pageCache
      ? [
          publicPageCache({
            cache: pageCache,
            build,
            context: { db: database.db, dialect: database.dialect, config, logger },
          }),
        ]
      : []),
    routeReferrerPolicyReplaces,
    compression(),
    compressionDrainListeners,
    bodyLimit,
  ];
  // Behind a proxy, the deployer's PUBLIC_URL is the origin of every request (see proxy-origin).
  if (config.trustProxy !== false && config.PUBLIC_URL) {
    beforeRoutes.unshift(proxyOrigin(config.PUBLIC_URL));
  }
  for (const handler of beforeRoutes) app.use(handler);

  // Image variants (app/server/images.server.ts), streamed from the object storage: the folder name
  // is a hash of the photo's bytes, so a URL's content never changes and may be kept for a year.
  app.use("/media", serveMedia(storage, logger));

  if (devServer) {
    app.use(devServer.middlewares);
  } else {
    // Hashed file names never change content, so browsers may keep them for a year.
    if (options.brotliDir) {
      app.use("/assets", precompressedAssets(path.join(options.brotliDir, "assets")));
    }
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  const loadContext = (req: Request, res: Response): AppLoadContext => ({
    db: database.db,
    dialect: database.dialect,
    config,
    logger,
    cspNonce: res.locals.cspNonce as string,
    siteContent: res.locals.siteContent as AppContext["siteContent"],
    clientIp: req.ip ?? req.socket.remoteAddress ?? "",
  });
  const handleRequest = createRequestHandler({
    build: build ?? options.loadBuild,
    mode: development ? "development" : "production",
    getLoadContext: loadContext,
  });
  app.all("/{*splat}", handleRequest);

  // Last resort: whatever escaped the routes is logged here and answered without internals.
  const lastResort: express.ErrorRequestHandler = (error, req, res, next) => {
    const status = (error as { status?: number }).status;
    const clientError = typeof status === "number" && status >= 400 && status < 500;
    if (!clientError) logger.error({ err: error, path: req.path }, "unhandled error");
    if (res.headersSent) return next(error);
    res
      .status(clientError ? status : 500)
      .type("text/plain")
      .send(clientError ? "Bad request." : "Something went wrong on our side.");
  };
  app.use(lastResort);

  // The quote API's posts skip both routers: a quote's own work is small once its commit is
  // shared, and matching a path against every route cost more than it
  // (docs/decisions/0062-quote-posts-skip-routers-share-commits.md). Production only: the
  // development server's build changes under it.
  const quoteAction = build ? actionAt(build, QUOTES_API_PATH) : undefined;
  if (build && !quoteAction) throw new Error(`no route action answers ${QUOTES_API_PATH}`);
  const answerDirectly = quoteAction
    ? directActions({
        app,
        middleware: beforeRoutes,
        actions: new Map([[QUOTES_API_PATH, quoteAction]]),
        loadContext,
        onError: lastResort,
      })
    : undefined;

  // Node would wait 300 s for a request's body and 60 s for its headers, checking every 30 s; a
  // client that trickles bytes must not hold a connection that long. Real clients send their
  // headers in one packet, and the whole request within REQUEST_TIMEOUT_SECONDS (a 12 MB photo on a
  // slow uplink); past either the client gets 408 and the connection is closed.
  // The health check and repeat visits to a cached public page are answered before Express
  // (fast-lane.server.ts): the profile of a /healthz run showed Express's router and wrappers, not
  // the answer, taking most of each request
  // (docs/benchmarks.md#cacheable-public-pages-and-the-fixed-cost-of-a-request).
  const answerFirst = fastLane({
    fixedHeaders: fixedSecurityHeaders(https),
    plainCsp: contentSecurityPolicy({
      development,
      https,
      analytics: false,
      sources: { scripts: [], styles: [] },
    }),
    databaseReachable: shared(databaseReachableCheck(database)),
    contentVersion: shared(contentVersionReader(database)),
    pages: pageCache,
    logger,
  });
  const server = http.createServer(
    {
      headersTimeout: Math.min(20_000, config.REQUEST_TIMEOUT_SECONDS * 1000),
      requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => answerFirst(req, res, () => answerDirectly?.(req, res) || app(req, res)),
  );
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    logger.info({ port, database: database.dialect }, `listening on http://localhost:${port}`);
  });

  const connections = drainableServer(server);

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    // Not unref'd: this timer also keeps the event loop alive until the database is closed and
    // "stopped" is logged; without it the loop could empty first and the process end silently.
    const forceExit = setTimeout(() => {
      logger.warn("shutdown timed out; exiting");
      process.exit(1);
    }, 10_000);
    // In parallel with the requests in flight; both finish before the database closes.
    const workerStopped = worker.stop();
    await connections.drain();
    await workerStopped;
    await devServer?.close();
    await database.close();
    logger.info("stopped");
    clearTimeout(forceExit);
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
