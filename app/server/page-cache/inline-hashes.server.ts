import { createHash } from "node:crypto";

// A cacheable page's CSP names its inline scripts by their SHA-256 (CSP level 2 hash sources), so
// the same header and body can be shared by every visitor. The hash is over the element's text
// exactly as sent, between the opening tag's ">" and "</script>"; React escapes "</" inside a
// script's text, so the first "</script" closes it. Scripts with a src are covered by 'self'.

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style/gi;

const hashSource = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function hashesOf(pattern: RegExp, html: string) {
  const hashes = new Set<string>();
  for (const match of html.matchAll(pattern)) hashes.add(hashSource(match[1] ?? ""));
  return [...hashes];
}

/** The distinct hash sources of the page's inline scripts and inline styles, in page order. */
export function inlineHashes(html: string) {
  return { scripts: hashesOf(INLINE_SCRIPT, html), styles: hashesOf(INLINE_STYLE, html) };
}
