import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { cacheablePage } from "./cacheable-pages.server";
import { PageCache, type Rendered } from "./page-cache.server";

// The process's page cache on its own: what it keeps, for which version, and how much.

const page = (key: string) => ({ key, varyByCookie: false });
const html = (text: string): Rendered => ({
  html: `<html><head><script>${text}</script></head></html>`,
  contentType: "text/html; charset=utf-8",
});

function cache(options: { maxEntries?: number; maxBytes?: number } = {}) {
  return new PageCache({
    buildId: "build-1",
    policy: (sources) => `script-src 'self' ${sources.scripts.join(" ")}`,
    ...options,
  });
}

describe("PageCache", () => {
  test("a second request for a page and version gets the stored render", async () => {
    const pages = cache();
    let renders = 0;
    const render = async () => (renders++, html("a()"));
    const first = await pages.getOrRender(page("/"), 1, false, render);
    const second = await pages.getOrRender(page("/"), 1, false, render);
    expect(renders).toBe(1);
    expect(second).toBe(first);
  });

  test("concurrent misses of one page share one render", async () => {
    const pages = cache();
    let renders = 0;
    const render = async () => (renders++, html("a()"));
    await Promise.all([1, 2, 3].map(() => pages.getOrRender(page("/"), 1, false, render)));
    expect(renders).toBe(1);
  });

  test("a new content version empties it, and the new render has a new ETag", async () => {
    const pages = cache();
    const old = await pages.getOrRender(page("/"), 1, false, async () => html("a()"));
    expect(pages.get("/", 2)).toBeUndefined();
    const fresh = await pages.getOrRender(page("/"), 2, false, async () => html("b()"));
    expect(fresh!.etag).not.toBe(old!.etag);
    expect(pages.get("/", 2)).toBe(fresh);
  });

  test("two renders under one ETag name the same style nonce, so a 304 keeps the CSP true", async () => {
    // Two processes (or one after an eviction): a client holding one's copy revalidates at the
    // other, and the 304's CSP then governs the body it already has.
    const nonces: string[] = [];
    const render = async (nonce: string) => (nonces.push(nonce), html("a()"));
    const one = await cache().getOrRender(page("/"), 1, false, render);
    const other = await cache().getOrRender(page("/"), 1, false, render);
    expect(other!.etag).toBe(one!.etag);
    expect(nonces[1]).toBe(nonces[0]);
    expect(other!.csp).toBe(one!.csp);
    const next = await cache().getOrRender(page("/"), 2, false, render);
    expect(nonces[2]).not.toBe(nonces[0]);
    expect(next!.etag).not.toBe(one!.etag);
  });

  test("a render that may not be kept is not stored", async () => {
    const pages = cache();
    expect(await pages.getOrRender(page("/provider/x"), 1, false, async () => null)).toBeNull();
    expect(pages.has("/provider/x")).toBe(false);
  });

  test("past its bound the least recently used page goes first", async () => {
    const pages = cache({ maxEntries: 2 });
    for (const key of ["/a", "/b"])
      await pages.getOrRender(page(key), 1, false, async () => html(key));
    pages.get("/a", 1);
    await pages.getOrRender(page("/c"), 1, false, async () => html("c"));
    expect(pages.has("/a")).toBe(true);
    expect(pages.has("/b")).toBe(false);
    expect(pages.has("/c")).toBe(true);
  });

  test("the policy lists the hash of each inline script", async () => {
    const entry = await cache().getOrRender(page("/"), 1, false, async () => html("a()"));
    const hash = createHash("sha256").update("a()").digest("base64");
    expect(entry!.csp).toContain(`'sha256-${hash}'`);
  });
});

describe("cacheablePage", () => {
  test("keeps only the query a page reads", () => {
    expect(cacheablePage("/", "?utm_source=tv", undefined)?.key).toBe("/");
    expect(cacheablePage("/subscription", "?plan=premium&x=1", undefined)?.key).toBe(
      "/subscription?plan=premium",
    );
    expect(cacheablePage("/services/1", "?cleaner=abc", undefined)?.key).toBe(
      "/services/1?cleaner=abc",
    );
  });

  test("personal and unknown pages are never cacheable", () => {
    for (const path of ["/bookings", "/profile", "/sign-in", "/quote-result", "/admin", "/x"]) {
      expect(cacheablePage(path, "", undefined), path).toBeNull();
    }
    expect(cacheablePage("/subscription", "", "hg_customer=abc")).toBeNull();
    expect(cacheablePage("/about", "", "hg_customer=abc")?.key).toBe("/about");
  });
});
