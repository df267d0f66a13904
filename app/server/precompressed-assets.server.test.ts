import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { precompressedAssets } from "./precompressed-assets.server";

const SCRIPT = "export const greeting = 'hello';\n".repeat(50);

describe("precompressed assets", () => {
  let folder: string;
  let baseUrl: string;
  let close: () => void;
  const errors: Error[] = [];
  /** Called when the server has closed a response (sent whole or cut off). */
  const closed = new Set<() => void>();

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "hg-precompressed-"));
    mkdirSync(path.join(folder, "client"));
    mkdirSync(path.join(folder, "brotli"));
    writeFileSync(path.join(folder, "client", "app-1.js"), SCRIPT);
    writeFileSync(path.join(folder, "client", "plain-1.js"), SCRIPT);
    writeFileSync(path.join(folder, "brotli", "app-1.js.br"), brotliCompressSync(SCRIPT));
    // Far larger than a socket's buffers, so a reader that leaves stops the send half-way.
    writeFileSync(path.join(folder, "client", "big-1.js"), "");
    writeFileSync(path.join(folder, "brotli", "big-1.js.br"), randomBytes(16 * 1024 * 1024));
    const app = express();
    app.use((_req, res, next) => {
      res.once("close", () => closed.forEach((resolve) => resolve()));
      next();
    });
    app.use("/assets", precompressedAssets(path.join(folder, "brotli")));
    app.use("/assets", express.static(path.join(folder, "client")));
    app.use(((error, _req, _res, next) => {
      errors.push(error as Error);
      next(error);
    }) satisfies express.ErrorRequestHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });

  afterAll(() => {
    close();
    rmSync(folder, { recursive: true, force: true });
  });

  // fetch would decode the body itself; node's raw request shows the bytes as sent.
  function get(file: string, acceptEncoding: string) {
    return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(
        `${baseUrl}/assets/${file}`,
        { headers: { "accept-encoding": acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      )
        .on("error", reject)
        .end();
    });
  }

  test("a browser that accepts br gets the brotli copy, typed and cached as the original", async () => {
    const { headers, body } = await get("app-1.js", "gzip, deflate, br");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-type"]).toMatch(/^text\/javascript/);
    expect(headers["vary"]).toBe("Accept-Encoding");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  test("a browser without br gets the original file", async () => {
    const { headers, body } = await get("app-1.js", "gzip");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers["vary"]).toBe("Accept-Encoding");
    expect(body.toString()).toBe(SCRIPT);
  });

  test("a file without a brotli copy is the static files' to send", async () => {
    const { headers, body } = await get("plain-1.js", "br");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe(SCRIPT);
  });

  test("a .br copy is never served under its own name", async () => {
    expect((await fetch(`${baseUrl}/assets/app-1.js.br`)).status).toBe(404);
  });

  test("a browser that leaves mid-download is not an error of the server's", async () => {
    const serverClosed = new Promise<void>((resolve) => closed.add(resolve));
    await new Promise<void>((resolve) => {
      const req = request(`${baseUrl}/assets/big-1.js`, { headers: { "accept-encoding": "br" } });
      req.on("response", (res) => res.once("data", () => req.destroy()));
      req
        .on("close", resolve)
        .on("error", () => {})
        .end();
    });
    await serverClosed;
    // express hands the send's outcome to its callback on a later turn of the event loop.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(errors.map((error) => error.message)).toEqual([]);
  });
});
