import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { precompressedAssets } from "./precompressed-assets.server";

const SCRIPT = "export const greeting = 'hello';\n".repeat(50);

describe("precompressed assets", () => {
  let folder: string;
  let baseUrl: string;
  let close: () => void;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "hg-precompressed-"));
    mkdirSync(path.join(folder, "client"));
    mkdirSync(path.join(folder, "brotli"));
    writeFileSync(path.join(folder, "client", "app-1.js"), SCRIPT);
    writeFileSync(path.join(folder, "client", "plain-1.js"), SCRIPT);
    writeFileSync(path.join(folder, "brotli", "app-1.js.br"), brotliCompressSync(SCRIPT));
    const app = express();
    app.use("/assets", precompressedAssets(path.join(folder, "brotli")));
    app.use("/assets", express.static(path.join(folder, "client")));
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
});
