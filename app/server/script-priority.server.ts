import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";
// Enough of the previous chunk to complete a tag split across two chunks.
const CARRY = Math.max(MODULE_PRELOAD.length, HEAD_END.length) - 1;

/**
 * Marks React Router's module preloads in <head> as low priority. The pages are whole without
 * JavaScript (it only hydrates them), so on a slow phone link the hero photo and the fonts should
 * have the bandwidth first; at high priority (the default) twenty-odd scripts shared it with them
 * and held back the first paint. React Router renders the links itself, with no option for this,
 * so the HTML is rewritten as it streams: only up to </head>, then the stream passes untouched.
 */
const lowered = (html: string) => html.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_PRELOAD);

const bytes = (latin1: string) => Buffer.from(latin1, "latin1");

export function lowerModulePreloadPriority() {
  let inHead = true;
  let carried = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!inHead) return callback(null, chunk);
      // Latin-1 maps each byte to one character and back, so a chunk that ends inside a
      // multi-byte UTF-8 character passes through intact; the tags searched for are ASCII.
      const text = carried + chunk.toString("latin1");
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd >= 0) {
        inHead = false;
        carried = "";
        return callback(null, bytes(lowered(text.slice(0, headEnd)) + text.slice(headEnd)));
      }
      // Hold back the tail, which may be the start of a tag the next chunk completes. The split
      // never falls inside a full match: a match ending in the tail is left for the next chunk.
      let split = Math.max(0, text.length - CARRY);
      const lastMatch = text.lastIndexOf(MODULE_PRELOAD);
      if (lastMatch >= 0 && lastMatch < split && lastMatch + MODULE_PRELOAD.length > split) {
        split = lastMatch;
      }
      carried = text.slice(split);
      callback(null, bytes(lowered(text.slice(0, split))));
    },
    flush(callback: TransformCallback) {
      callback(null, bytes(lowered(carried)));
    },
  });
}
