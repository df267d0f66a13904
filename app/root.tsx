import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce";
import { AnalyticsTag } from "./components/site/analytics-tag";
import { ErrorPage } from "./components/site/error-page";
import { SITE_LAYOUT_ID, type SiteData } from "./components/site/site-data";
import type { HydrateAfterPaintHandle } from "./lib/hydrate-after-paint";
import appStylesheet from "./app.css?url";
import displayMedium from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff2?url";
import interSemiBold from "@fontsource/inter/files/inter-latin-600-normal.woff2?url";

// The favicon is inline (CSP allows data: images), so browsers never ask for a /favicon.ico.
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><rect width='64' height='64' rx='12' fill='#101828'/><rect x='6' y='6' width='52' height='52' rx='8' fill='none' stroke='#c9a96e' stroke-width='1.5'/><text x='32' y='44' font-family='Georgia,serif' font-size='32' fill='#c9a96e' text-anchor='middle'>H</text></svg>",
  );

// The faces on every first screen (body, buttons and headings; about 24 kB each) load with the
// HTML rather than after the CSS, so they are usually ready before the first paint and never
// swap: the metric-matched fallbacks in app.css keep widths close, but a line can still wrap
// differently. Cormorant 600 is defined but not used yet, so it is never fetched. The hashed
// URLs are the ones app.css points to, so each file downloads once. Pages that hydrate after
// their first paint leave the photo the bandwidth instead, and swap
// (docs/decisions/0099-hydrate-after-first-paint.md).
const PRELOADED_FONTS = [interRegular, interSemiBold, displayMedium];

function FontPreloads() {
  const afterPaint = useMatches().some(
    (match) => (match.handle as HydrateAfterPaintHandle | undefined)?.hydrateAfterPaint,
  );
  if (afterPaint) return null;
  return PRELOADED_FONTS.map((href) => (
    <link
      key={href}
      rel="preload"
      href={href}
      as="font"
      type="font/woff2"
      crossOrigin="anonymous"
    />
  ));
}

const ZOD_JITLESS = "(globalThis.__zod_globalConfig??={}).jitless=true;";
// Marks the document as running scripts before it paints (the js and no-js variants, app.css).
const MARK_JS = "document.documentElement.dataset.js='';";
// Radix's dialogs, menus and selects lock the page's scroll with a <style> element they add
// (react-remove-scroll); it carries the nonce get-nonce finds here, and the CSP's style-src
// accepts that nonce, so the strict policy holds without 'unsafe-inline'.
const STYLE_NONCE = "globalThis.__webpack_nonce__=document.currentScript.nonce;";

// The stylesheet is the one render-blocking request, so it goes first: with a precedence, React
// emits it among the head's first resources; imported for its side effect, it came after every
// module preload, and the browser queued it behind twenty scripts.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
];

// A thin ribbon on every page (public and admin) while payments are simulated or the demo
// business may be loaded, i.e. any start that is not production, so nobody takes it for real.
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context;
  return { demoMode: config.paymentsMode === "test" || !config.isProduction };
}

// The configuration does not change while the process runs.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const demoMode = (useRouteLoaderData("root") as { demoMode?: boolean } | undefined)?.demoMode;
  // The admin's theme, chosen per staff member, is on <html> from the first byte (no flash).
  const admin = useRouteLoaderData("routes/admin/admin-layout") as
    { themeClass?: string } | undefined;
  // Public pages only: the admin has no site layout, so never the analytics tag.
  const tagId = (useRouteLoaderData(SITE_LAYOUT_ID) as SiteData | undefined)?.analyticsTagId;
  return (
    // data-js is set by the inline script below, before React hydrates.
    <html
      lang="en-AU"
      className={
        [admin?.themeClass, demoMode && "demo-mode"].filter(Boolean).join(" ") || undefined
      }
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#101828" />
        <Meta />
        <Links />
        <FontPreloads />
        {/* zod probes once for eval (new Function) to speed up parsing; the CSP refuses it and
            browsers report that as a CSP issue even though zod catches it. jitless skips the
            probe; set before any module runs, without loading zod on pages that do not use it.
            The same script marks <html data-js> before the first paint. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: ZOD_JITLESS + MARK_JS + STYLE_NONCE }}
        />
        {tagId && <AnalyticsTag tagId={tagId} nonce={nonce} />}
      </head>
      <body>
        {demoMode && <DemoRibbon />}
        {children}
        {/* Restores scroll on back/forward and scrolls new pages to the top (docs/product/public-site.md#routes). */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Fixed at the very top; html.demo-mode (app.css) moves the page and the headers below it. */
function DemoRibbon() {
  return (
    <p
      role="note"
      className="fixed inset-x-0 top-0 z-50 h-6 overflow-hidden bg-gold px-3 text-center text-xs leading-6 font-semibold whitespace-nowrap text-ink"
    >
      Demo mode: test payments and sample data
    </p>
  );
}

export default function App() {
  return <Outlet />;
}

// The outermost safety net: only reached when the layouts themselves fail.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  if (import.meta.env.DEV && error instanceof Error) {
    return (
      <ErrorPage status={500}>
        <pre className="mt-6 overflow-auto text-left text-xs">{error.stack}</pre>
      </ErrorPage>
    );
  }
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
