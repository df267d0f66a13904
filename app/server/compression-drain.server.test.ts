import { randomBytes } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { compressionDrainListeners } from "./compression-drain.server";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Writes a long body the way React Router streams a page: wait for drain, then stop waiting. */
async function writeWithBackpressure(res: express.Response, chunks: number) {
  for (let i = 0; i < chunks; i++) {
    if (res.write(randomBytes(64 * 1024))) continue;
    await new Promise<void>((resolve) => {
      const onDrain = () => {
        res.off("drain", onDrain);
        resolve();
      };
      res.once("drain", onDrain);
    });
  }
  res.end();
}

async function serve(withFix: boolean) {
  const app = express();
  app.use(compression({ threshold: 0 }));
  if (withFix) app.use(compressionDrainListeners);
  app.get("/long", (_req, res) => {
    res.type("text/html");
    void writeWithBackpressure(res, 40);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/long`;
}

/** Fetches the page compressed and gives the warnings Node printed meanwhile. */
async function warningsWhileFetching(url: string) {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    const response = await fetch(url, { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect((await response.arrayBuffer()).byteLength).toBe(40 * 64 * 1024);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", onWarning);
  }
  return warnings.filter((warning) => warning.includes("drain listeners"));
}

test("a long compressed page streamed with backpressure leaves no drain listeners behind", async () => {
  expect(await warningsWhileFetching(await serve(true))).toEqual([]);
});

test("without it, compression keeps one drain listener per wait (the warning it guards against)", async () => {
  expect(await warningsWhileFetching(await serve(false))).toEqual([
    expect.stringContaining("MaxListenersExceededWarning"),
  ]);
});
