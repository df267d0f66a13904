import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { redactPath } from "~/server/request-log.server";
import {
  holdScriptsUntilPaintedStream,
  hydratesAfterPaint,
} from "~/server/hydrate-after-paint.server";
import { lowerModulePreloadPriority } from "~/server/script-priority.server";

export const streamTimeout = 5_000;

// React Router refuses a form post whose Origin is not this site's (400) before any action runs,
// and reports it here; by default it would print a multi-line stack for each one, so anyone could
// flood the logs. A refusal is already the request log's one line (status 400); a real error is
// one JSON line with its stack.
const REFUSED_ACTION = /origin does not match|`origin` header is not a valid URL/;

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && REFUSED_ACTION.test(error.message)) return;
  const path = redactPath(new URL(request.url).pathname);
  // A post to a page without an action is the client's mistake, not ours. The built server
  // refuses it before routing (route-actions.server.ts); this covers the development server.
  if (isRouteErrorResponse(error) && error.status === 405) {
    (context as AppLoadContext).logger.info({ method: request.method, path }, "no action here");
    return;
  }
  (context as AppLoadContext).logger.error(
    { err: error, method: request.method, path },
    "request error",
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and no-JS visitors get the whole document at once; browsers get it streamed. A
    // page for the cache is hashed as a whole before its headers go out, so it is never streamed.
    const readyEvent =
      loadContext.cspHashed ||
      isbot(request.headers.get("user-agent") ?? "") ||
      routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = hydratesAfterPaint(routerContext)
            ? holdScriptsUntilPaintedStream()
            : lowerModulePreloadPriority();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
