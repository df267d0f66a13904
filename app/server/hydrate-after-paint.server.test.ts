import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  holdScriptsUntilPainted,
  holdScriptsUntilPaintedStream,
} from "./hydrate-after-paint.server";

const MODULE_TEXT =
  'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><title>Café</title>` +
  `<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/root.js"${nonce}/></head><body><p>Crème</p>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">${MODULE_TEXT}</script></body></html>`;

describe("holdScriptsUntilPainted", () => {
  const nonce = ' nonce="abc"';
  const held = holdScriptsUntilPainted(page(nonce));

  it("turns React Router's module script into inert text, with its text and nonce kept", () => {
    expect(held).not.toMatch(/<script[^>]*type="module"/);
    expect(held).toContain(
      `<script nonce="abc" type="text/x-module-after-paint">${MODULE_TEXT}</script>`,
    );
  });

  it("puts the boot script, with the same nonce, just before it", () => {
    expect(held).toMatch(
      /<script nonce="abc">\(function\(\)\{[\s\S]*?\}\)\(\);<\/script><script nonce="abc" type="text\/x-module-after-paint">/,
    );
  });

  it("holds back every module preload and leaves the rest of the page alone", () => {
    expect(held).not.toContain('<link rel="modulepreload"');
    expect(held.match(/<link rel="deferred-modulepreload"/g)).toHaveLength(2);
    expect(held).toContain("<title>Café</title>");
    expect(held).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>');
  });

  it("works without a nonce (a page whose policy names its scripts by hash)", () => {
    expect(holdScriptsUntilPainted(page(""))).toContain(
      `<script type="text/x-module-after-paint">${MODULE_TEXT}</script>`,
    );
  });

  it("leaves a page without React Router's module script unchanged", () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html>";
    expect(holdScriptsUntilPainted(plain)).toBe(plain);
  });
});

describe("holdScriptsUntilPaintedStream", () => {
  it("gives the same document however the stream is cut, multi-byte characters included", async () => {
    const bytes = Buffer.from(page(' nonce="abc"'));
    const pieces = [bytes.subarray(0, 71), bytes.subarray(71, 72), bytes.subarray(72)];
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(pieces).pipe(holdScriptsUntilPaintedStream())) {
      out.push(chunk as Buffer);
    }
    expect(Buffer.concat(out).toString("utf8")).toBe(holdScriptsUntilPainted(page(' nonce="abc"')));
  });
});
