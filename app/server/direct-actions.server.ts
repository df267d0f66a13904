import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from "express";
import { matchRoutes, type AppLoadContext, type ServerBuild } from "react-router";
import { routeTree } from "./route-actions.server";

// A post to one of a few API paths, answered by its route module's own action with every
// middleware Express runs before its routes (the request log, the request screen, the security
// headers, compression, the body limit: the same functions, in the same order), but without
// Express's router or React Router's, whose matching and wrappers cost more than a stored quote
// once its commit is shared (docs/decisions/0062-quote-posts-skip-routers-share-commits.md).
// Anything else, a variant spelling of the path included, goes to Express as before.

type Action = NonNullable<ServerBuild["routes"][string]>["module"]["action"];

/**
 * The action of the route at `pathname` when it is a plain path (no parameter, no splat), read
 * from the built route table as React Router matches it; undefined when there is none.
 */
export function actionAt(build: Pick<ServerBuild, "routes">, pathname: string): Action {
  const matches = matchRoutes(routeTree(build.routes, undefined), pathname);
  const last = matches?.[matches.length - 1];
  if (!last || last.pathname !== pathname || Object.keys(last.params).length > 0) return undefined;
  return build.routes[last.route.id!]?.module.action;
}

type Options = {
  /** The app whose request and response prototypes the middleware expect (express.request…). */
  app: Express;
  /** What Express runs before its routes, in its order. */
  middleware: RequestHandler[];
  /** Exact request paths (no query) and the action that answers a POST to each. */
  actions: Map<string, NonNullable<Action>>;
  /** The context React Router would hand the action (server.ts's getLoadContext). */
  loadContext: (req: Request, res: Response) => AppLoadContext;
  /** Express's last error handler. */
  onError: ErrorRequestHandler;
};

/**
 * The Fetch Request React Router's Express adapter (@react-router/express) builds: the same URL
 * (the protocol and the forwarded host behind a trusted proxy, the Host header's port), headers
 * and streamed body, aborted when the client goes away before the answer is out.
 */
function fetchRequestOf(req: Request, res: Response) {
  const trusted = req.app.enabled("trust proxy");
  const [, forwardedPort] = trusted ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value) headers.set(name, value);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: createReadableStreamFromReadable(req),
    duplex: "half",
  } as RequestInit);
}

/** Writes the action's Response as the adapter does: status, each header appended, the body. */
async function send(res: Response, answer: globalThis.Response) {
  if (res.destroyed || res.writableEnded) return void (await answer.body?.cancel());
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers.entries()) res.append(name, value);
  if (answer.body) await writeReadableStreamToWritable(answer.body, res);
  else res.end();
}

/**
 * Answers a POST to one of `actions`' paths and says so (true); false leaves the request to
 * Express. The request and response are dressed as Express dresses them (app.handle: its
 * prototypes, `locals`, `originalUrl`), so each middleware reads them exactly as it does there.
 */
export function directActions({ app, middleware, actions, loadContext, onError }: Options) {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (incoming.method !== "POST") return false;
    const url = incoming.url ?? "/";
    const query = url.indexOf("?");
    const path = query >= 0 ? url.slice(0, query) : url;
    const action = actions.get(path);
    if (!action) return false;

    Object.setPrototypeOf(incoming, app.request);
    Object.setPrototypeOf(outgoing, app.response);
    const req = incoming as Request;
    const res = outgoing as Response;
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Response["locals"];
    req.originalUrl = url;
    req.baseUrl = "";

    const fail = (error: unknown) =>
      onError(error, req, res, () => {
        if (!res.writableEnded) res.destroy();
      });

    async function answer() {
      const request = fetchRequestOf(req, res);
      const context = loadContext(req, res);
      let response: unknown;
      try {
        response = await action!({
          request,
          url: new URL(request.url),
          pattern: path,
          params: {},
          context,
        });
      } catch (thrown) {
        // A route may throw a Response (a redirect, a 4xx) as React Router lets it.
        if (!(thrown instanceof globalThis.Response)) throw thrown;
        response = thrown;
      }
      if (!(response instanceof globalThis.Response)) {
        throw new Error(`the action at ${req.path} answered something other than a Response`);
      }
      await send(res, response);
    }

    let index = 0;
    const next = (error?: unknown) => {
      if (error) return fail(error);
      const step = middleware[index++];
      if (!step) return void answer().catch(fail);
      try {
        // As Express 5 does: a middleware's rejected promise is its error.
        const returned: unknown = step(req, res, next);
        if (returned instanceof Promise) returned.catch(fail);
      } catch (thrown) {
        fail(thrown);
      }
    };
    next();
    return true;
  };
}
