import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./script-priority.server";

async function rewrite(chunks: Buffer[]) {
  const stream = lowerModulePreloadPriority();
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

const page =
  '<!DOCTYPE html><html><head><title>Café</title><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Crème</p>' +
  '<link rel="modulepreload" href="/assets/body.js"/></body></html>';
const expected = page
  .replace(
    '<link rel="modulepreload" href="/assets/a.js"',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"',
  )
  .replace(
    '<link rel="modulepreload" href="/assets/b.js"',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"',
  );

describe("lowerModulePreloadPriority", () => {
  it("marks every module preload in <head> as low priority and leaves the body alone", async () => {
    expect(await rewrite([Buffer.from(page)])).toBe(expected);
  });

  it("gives the same page whatever byte the stream is split at, inside a tag or a character", async () => {
    const bytes = Buffer.from(page);
    for (let at = 1; at < bytes.length; at++) {
      expect(await rewrite([bytes.subarray(0, at), bytes.subarray(at)])).toBe(expected);
    }
  });

  it("rewrites a page that arrives a byte at a time", async () => {
    const bytes = Buffer.from(page);
    const single = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(await rewrite(single)).toBe(expected);
  });
});
