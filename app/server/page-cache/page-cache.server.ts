import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sydneyDate } from "~/lib/sydney-time";
import type { CspSources } from "~/server/security-headers.server";
import type { CacheablePage } from "./cacheable-pages.server";
import { inlineHashes } from "./inline-hashes.server";

// The process's copy of the cacheable public pages (docs/decisions/0035-cacheable-public-pages.md):
// rendered HTML per page and content version, so a repeat visit costs no render. Bounded (least
// recently used first out), and emptied as soon as a request reads a new content version (staff
// edits to the marketing content, the settings or a cleaner's public profile bump it).

/** What a shared cache may keep: a minute fresh, then served stale for ten while it refetches. */
const PUBLIC_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=600";

export type CachedPage = {
  key: string;
  version: number;
  year: number;
  etag: string;
  contentType: string;
  varyByCookie: boolean;
  /** The whole Content-Security-Policy, with the hashes of this body's inline scripts. */
  csp: string;
  body: Buffer;
  gzipped: Buffer;
};

/** A render of a page for the cache: the HTML, or null when the answer may not be kept. */
export type Rendered = { html: string; contentType: string } | null;

type Options = {
  buildId: string;
  /** The CSP for these sources; `analytics` when the page loads the analytics tag. */
  policy: (sources: CspSources, analytics: boolean) => string;
  maxEntries?: number;
  maxBytes?: number;
};

/** The year in Sydney (the footer's copyright line), recomputed at most once a minute. */
let yearMinute = -1;
let year = 0;
function currentSydneyYear(now = Date.now()) {
  const minute = Math.floor(now / 60_000);
  if (minute !== yearMinute) {
    yearMinute = minute;
    year = Number(sydneyDate(new Date(now)).slice(0, 4));
  }
  return year;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly renders = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  private version = -1;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(private readonly options: Options) {
    this.maxEntries = options.maxEntries ?? 200;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  /** Whether a copy of the page is kept (of any version): worth reading the version for. */
  has(key: string) {
    return this.entries.has(key);
  }

  /** The kept copy for this content version, or undefined; a new version empties the cache. */
  get(key: string, version: number): CachedPage | undefined {
    this.useVersion(version);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.year !== currentSydneyYear()) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last: the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The kept copy, or a new render stored for this version. Concurrent misses of one page share
   * one render. Null when the render may not be kept (not a 200 page, a cookie, a private header).
   */
  async getOrRender(
    page: CacheablePage,
    version: number,
    analytics: boolean,
    render: (styleNonce: string) => Promise<Rendered>,
  ): Promise<CachedPage | null> {
    const kept = this.get(page.key, version);
    if (kept) return kept;
    const renderKey = `${version} ${page.key}`;
    let pending = this.renders.get(renderKey);
    if (!pending) {
      pending = this.renderEntry(page, version, analytics, render).finally(() =>
        this.renders.delete(renderKey),
      );
      this.renders.set(renderKey, pending);
    }
    return pending;
  }

  private async renderEntry(
    page: CacheablePage,
    version: number,
    analytics: boolean,
    render: (styleNonce: string) => Promise<Rendered>,
  ): Promise<CachedPage | null> {
    const year = currentSydneyYear();
    const identity = `${this.options.buildId} ${version} ${year}`;
    // Scripts are allowed by hash only. Radix adds a <style> while a dialog is open whose text
    // depends on the scrollbar's width, so styles keep a nonce (decision 0035). It follows the
    // ETag rather than being random: a 304 carries this copy's CSP onto the body a browser or a
    // CDN already holds, which another process, or this one after an eviction, rendered under the
    // same ETag, so every render under one ETag must name the same nonce. The nonce is public in
    // the cached page either way.
    const styleNonce = createHash("sha256")
      .update(`style ${identity} ${page.key}`)
      .digest("base64")
      .slice(0, 24);
    const rendered = await render(styleNonce);
    if (!rendered) return null;
    const hashes = inlineHashes(rendered.html);
    const csp = this.options.policy(
      { scripts: hashes.scripts, styles: [`'nonce-${styleNonce}'`, ...hashes.styles] },
      analytics,
    );
    const body = Buffer.from(rendered.html, "utf8");
    const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 16);
    const entry: CachedPage = {
      key: page.key,
      version,
      year,
      // Weak: the gzip and the plain body are the same page, not the same bytes.
      etag: `W/"${version}-${tag}"`,
      contentType: rendered.contentType,
      varyByCookie: page.varyByCookie,
      csp,
      body,
      gzipped: gzipSync(body),
    };
    // A render that started before a newer version was seen is served once, never kept.
    if (version === this.version || this.version === -1) {
      this.useVersion(version);
      this.store(entry);
    }
    return entry;
  }

  private useVersion(version: number) {
    if (version === this.version) return;
    this.entries.clear();
    this.bytes = 0;
    this.version = version;
  }

  private store(entry: CachedPage) {
    this.remove(entry.key);
    const size = entry.body.length + entry.gzipped.length;
    if (size > this.maxBytes) return;
    this.entries.set(entry.key, entry);
    this.bytes += size;
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(key);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length + entry.gzipped.length;
  }
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

const acceptsGzip = (header: string | undefined) => /\bgzip\b/.test(header ?? "");

function pageHeaders(entry: CachedPage): Array<[string, string]> {
  return [
    ["Content-Security-Policy", entry.csp],
    ["Cache-Control", PUBLIC_CACHE_CONTROL],
    ["ETag", entry.etag],
    ["Vary", entry.varyByCookie ? "Accept-Encoding, Cookie" : "Accept-Encoding"],
  ];
}

type Answer = { status: number; headers: Array<[string, string]>; body?: Buffer };

function answerFor(req: IncomingMessage, entry: CachedPage): Answer {
  const headers = pageHeaders(entry);
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) return { status: 304, headers };
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const body = gzip ? entry.gzipped : entry.body;
  headers.push(["Content-Type", entry.contentType]);
  if (gzip) headers.push(["Content-Encoding", "gzip"]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: 200, headers, body };
}

/**
 * Answers with a kept page: its own headers (the hash CSP, the public cache header, the ETag) on
 * top of the security headers already set on `res` (Express's path) or given as `fixed` (the fast
 * lane, which writes them all at once), 304 when the client holds this version, the gzip copy
 * when the client accepts it. Returns the body's length as sent.
 */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedPage,
  fixed?: Array<[string, string]>,
) {
  const { status, headers, body } = answerFor(req, entry);
  if (fixed) {
    // One flat list and one writeHead: the cheapest way through Node's header handling.
    const flat: string[] = [];
    for (const [name, value] of fixed) flat.push(name, value);
    for (const [name, value] of headers) flat.push(name, value);
    res.writeHead(status, flat);
  } else {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.statusCode = status;
  }
  const sent = req.method === "HEAD" ? undefined : body;
  res.end(sent);
  return sent?.length ?? 0;
}
