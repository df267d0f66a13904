import type { NextFunction, Request, Response } from "express";

/**
 * Behind a reverse proxy (TRUST_PROXY=on) with PUBLIC_URL set, every request is taken to have
 * arrived at PUBLIC_URL's origin, whatever the proxy forwarded.
 *
 * Why: React Router compares a form post's Origin with the request's own URL before any action
 * runs, and builds that URL from the protocol and host the proxy passed on. A proxy that ends TLS
 * but sends no X-Forwarded-Proto made every form post look cross-site (https Origin, http URL),
 * and one that sends X-Forwarded-Host without a port got the Host header's port appended
 * ("https://www.example.test:4107"). The configured address is the one truth the deployer gave.
 */
export function proxyOrigin(publicUrl: string) {
  const { protocol, host } = new URL(publicUrl);
  const scheme = protocol.replace(/:$/, "");
  return function takePublicOrigin(req: Request, _res: Response, next: NextFunction) {
    req.headers.host = host;
    delete req.headers["x-forwarded-host"];
    // Express reads req.protocol through a getter on the request prototype; an own property on
    // this request shadows it for the adapter that builds React Router's Request.
    Object.defineProperty(req, "protocol", { value: scheme, configurable: true });
    next();
  };
}
