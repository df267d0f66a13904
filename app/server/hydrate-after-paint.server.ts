import { Transform, type TransformCallback } from "node:stream";
import type { EntryContext } from "react-router";
import type { HydrateAfterPaintHandle } from "~/lib/hydrate-after-paint";

/** Whether a route of the page asks to hydrate after the first paint (`HydrateAfterPaintHandle`). */
export function hydratesAfterPaint(context: EntryContext) {
  return context.staticHandlerContext.matches.some(
    (match) =>
      (context.routeModules[match.route.id]?.handle as HydrateAfterPaintHandle | undefined)
        ?.hydrateAfterPaint === true,
  );
}

const DEFERRED_TYPE = "text/x-module-after-paint";
const DEFERRED_PRELOAD = "deferred-modulepreload";

// Runs where React Router's module script was, at parse time, and only schedules: once the
// document is parsed and the browser reports its first paint (a paint-timing entry, which a test's
// fake clock does not hold back as it would a timer), and the page's priority photo, if any, has
// loaded, it turns the module preloads back on and inserts React Router's own module script with
// the same text and nonce (so the page's CSP, by nonce or by hash, allows it). A hidden tab, or a
// browser without paint timing, boots at once.
const BOOT = `(function(){var booted=false;function boot(){if(booted)return;booted=true;var s=document.querySelector('script[type="${DEFERRED_TYPE}"]');if(!s)return;document.querySelectorAll('link[rel="${DEFERRED_PRELOAD}"]').forEach(function(l){l.rel="modulepreload"});var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.after(m)}function afterPhoto(){var hero=document.querySelector('img[fetchpriority="high"]');if(!hero||hero.complete)return boot();hero.addEventListener("load",boot,{once:true});hero.addEventListener("error",boot,{once:true})}function afterPaint(){var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(document.visibilityState!=="visible"||types.indexOf("paint")<0)return boot();new PerformanceObserver(function(list,observer){observer.disconnect();afterPhoto()}).observe({type:"paint",buffered:true})}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",afterPaint,{once:true});else afterPaint()})();`;

const MODULE_SCRIPT = /<script((?:\s+nonce="[^"]*")?)\s+type="module"\s+async="">/;
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * The document with React Router's module script held back until the first paint, and its module
 * preloads with it: a browser evaluates no script before the page has painted, and on a slow link
 * the photo and fonts have the bandwidth to themselves. The document is unchanged otherwise.
 */
export function holdScriptsUntilPainted(html: string) {
  if (!MODULE_SCRIPT.test(html)) return html;
  return html
    .replace(MODULE_PRELOAD, `<link rel="${DEFERRED_PRELOAD}"`)
    .replace(
      MODULE_SCRIPT,
      (_, nonce: string) =>
        `<script${nonce}>${BOOT}</script><script${nonce} type="${DEFERRED_TYPE}">`,
    );
}

/**
 * The stream form of `holdScriptsUntilPainted`: it holds the whole document (a marketing page of
 * about 100 kB, which the page cache stores whole anyway) and sends it rewritten at the end.
 */
export function holdScriptsUntilPaintedStream() {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback: TransformCallback) {
      callback(null, Buffer.from(holdScriptsUntilPainted(Buffer.concat(chunks).toString("utf8"))));
    },
  });
}
