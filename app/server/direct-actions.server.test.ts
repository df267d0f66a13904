import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { actionAt, directActions } from "./direct-actions.server";

type Manifest = ServerBuild["routes"];

const quoteAction = async () => Response.json({ stored: true }, { status: 201 });

// The shape of the built route table: a layout, a prefix of resource routes, a splat.
const manifest = {
  root: { id: "root", path: "", module: {} },
  site: { id: "site", parentId: "root", module: {} },
  "routes/not-found": { id: "routes/not-found", parentId: "site", path: "*", module: {} },
  "routes/api/quotes": {
    id: "routes/api/quotes",
    parentId: "root",
    path: "api/v1/quotes",
    module: { action: quoteAction },
  },
  "routes/api/upload": {
    id: "routes/api/upload",
    parentId: "root",
    path: "api/uploads/:id",
    module: { action: quoteAction },
  },
  "routes/api/suburbs": {
    id: "routes/api/suburbs",
    parentId: "root",
    path: "api/suburbs",
    module: { loader: async () => new Response("[]") },
  },
} as unknown as Manifest;

describe("the action at a path", () => {
  test("is the route module's own action for a plain path", () => {
    expect(actionAt({ routes: manifest }, "/api/v1/quotes")).toBe(quoteAction);
  });

  test.each([
    ["a path with a parameter", "/api/uploads/abc"],
    ["a route without an action", "/api/suburbs"],
    ["a path only the splat matches", "/api/v1/quotes/extra"],
  ])("is none for %s", (_label, path) => {
    expect(actionAt({ routes: manifest }, path)).toBeUndefined();
  });
});

describe("direct actions", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function start(options: {
    middleware: RequestHandler[];
    action: (args: { request: Request; context: AppLoadContext }) => Promise<unknown>;
  }) {
    const app = express();
    const seenByExpress: string[] = [];
    app.use((req, res) => {
      seenByExpress.push(`${req.method} ${req.originalUrl}`);
      res.status(404).send("express");
    });
    const direct = directActions({
      app,
      middleware: options.middleware,
      actions: new Map([["/api/v1/quotes", options.action as never]]),
      loadContext: (req, res) =>
        ({ clientIp: req.ip, cspNonce: res.locals.cspNonce }) as unknown as AppLoadContext,
      onError: (_error, _req, res, _next) => void res.status(500).send("last resort"),
    });
    server = http.createServer((req, res) => direct(req, res) || app(req, res));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${port}`, seenByExpress };
  }

  test("a post runs every middleware in order, then the action with the request and its context", async () => {
    const ran: string[] = [];
    const { baseUrl, seenByExpress } = await start({
      middleware: [
        (_req, res, next) => {
          ran.push("first");
          res.locals.cspNonce = "nonce";
          next();
        },
        (req, res, next) => {
          ran.push(`second sees ${req.path}`);
          res.setHeader("x-protected", "yes");
          next();
        },
      ],
      action: async ({ request, context }) => {
        ran.push("action");
        return Response.json(
          {
            url: request.url,
            body: await request.json(),
            nonce: context.cspNonce,
            ip: context.clientIp,
          },
          { status: 201, headers: { location: "/there" } },
        );
      },
    });
    const response = await fetch(`${baseUrl}/api/v1/quotes?source=test`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hello: "world" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-protected")).toBe("yes");
    expect(response.headers.get("location")).toBe("/there");
    expect(await response.json()).toEqual({
      url: `${baseUrl}/api/v1/quotes?source=test`,
      body: { hello: "world" },
      nonce: "nonce",
      ip: "127.0.0.1",
    });
    expect(ran).toEqual(["first", "second sees /api/v1/quotes", "action"]);
    expect(seenByExpress).toEqual([]);
  });

  test("a middleware that answers ends the request before the action", async () => {
    let actionRan = false;
    const { baseUrl } = await start({
      middleware: [(_req, res) => void res.status(413).type("text/plain").send("too large")],
      action: async () => {
        actionRan = true;
        return new Response("stored");
      },
    });
    const response = await fetch(`${baseUrl}/api/v1/quotes`, { method: "POST", body: "{}" });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("too large");
    expect(actionRan).toBe(false);
  });

  test("an error from a middleware or the action goes to the last error handler", async () => {
    const { baseUrl } = await start({
      middleware: [(_req, _res, next) => next()],
      action: async () => {
        throw new Error("the database went away");
      },
    });
    const response = await fetch(`${baseUrl}/api/v1/quotes`, { method: "POST", body: "{}" });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("last resort");
  });

  test("any other method or path is left to Express", async () => {
    const { baseUrl, seenByExpress } = await start({ middleware: [], action: quoteAction });
    await fetch(`${baseUrl}/api/v1/quotes`);
    await fetch(`${baseUrl}/api/v1/quotes/`, { method: "POST", body: "{}" });
    await fetch(`${baseUrl}/API/v1/quotes`, { method: "POST", body: "{}" });
    expect(seenByExpress).toEqual([
      "GET /api/v1/quotes",
      "POST /api/v1/quotes/",
      "POST /API/v1/quotes",
    ]);
  });
});
