import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import type { StaffRole } from "../../app/features/auth/permissions";
import { signInAs, type StaffAccount, type StaffAccountOptions } from "./staff-sessions";

export { expect };

type BrowserProblem = { kind: string; detail: string };

export type BrowserProblems = {
  /** Accepts problems matching `pattern` in this test (for a test that provokes one on purpose). */
  allow(pattern: RegExp): void;
  /** What has been seen so far, allowed or not. */
  readonly seen: readonly BrowserProblem[];
};

type Fixtures = {
  browserProblems: BrowserProblems;
  /**
   * Signs this test's browser in without the form (./staff-sessions.ts): as a new account of a
   * role ("owner" when not given), a new account with options, or an account made before.
   */
  signInAs: (who?: StaffRole | StaffAccount | StaffAccountOptions) => Promise<StaffAccount>;
};

const logs = new WeakMap<BrowserContext, BrowserProblems>();

/**
 * Playwright's `test`, with every page of a test watched (docs/conventions.md#tests): a console error
 * (Chromium reports CSP violations and failed loads there), an uncaught exception, a request
 * that fails, or a same-origin subresource answered with 400 or more fails the test at its end.
 * Tests that only use `request` never start a browser.
 */
export const test = base.extend<Fixtures>({
  context: async ({ context, baseURL }, provide, testInfo) => {
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
    const seen: BrowserProblem[] = [];
    const allowed: RegExp[] = [];
    // Documents the test navigated to: their status is the test's own assertion, so the console
    // line Chromium adds for a 404 page ("Failed to load resource") is not a second problem.
    const failedDocuments = new Set<string>();
    const sameOrigin = (url: string) => URL.canParse(url) && new URL(url).origin === origin;

    const watch = (page: Page) => {
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const where = message.location().url;
        // Chromium also logs each failed load here; same-origin ones are reported below, once.
        const failedLoad = /^Failed to load resource/.test(message.text());
        if (failedLoad && (failedDocuments.has(where) || sameOrigin(where))) return;
        seen.push({
          kind: "console error",
          detail: `${message.text()}${where ? ` (${where})` : ""}`,
        });
      });
      page.on("pageerror", (error) => {
        const stack = (error.stack ?? error.message).split("\n").slice(0, 6).join("\n      ");
        seen.push({ kind: "uncaught exception", detail: stack });
      });
      page.on("requestfailed", (request) => {
        const reason = request.failure()?.errorText ?? "failed";
        // Leaving a page cancels what it was still loading; that is the browser, not a defect.
        if (reason === "net::ERR_ABORTED") return;
        seen.push({
          kind: "request failed",
          detail: `${request.method()} ${request.url()}: ${reason}`,
        });
      });
      page.on("response", (response) => {
        if (response.status() < 400) return;
        const request = response.request();
        if (request.resourceType() === "document" && request.frame() === page.mainFrame()) {
          failedDocuments.add(response.url());
          return;
        }
        if (!sameOrigin(response.url())) return;
        seen.push({
          kind: `HTTP ${response.status()}`,
          detail: `${request.method()} ${response.url()} (${request.resourceType()})`,
        });
      });
    };

    context.pages().forEach(watch);
    context.on("page", watch);
    logs.set(context, { allow: (pattern) => allowed.push(pattern), seen });

    await provide(context);

    const unexpected = seen.filter(
      (problem) => !allowed.some((pattern) => pattern.test(problem.detail)),
    );
    if (unexpected.length > 0) {
      const report = unexpected.map((p) => `  - ${p.kind}: ${p.detail}`).join("\n");
      await testInfo.attach("browser-problems.txt", { body: report, contentType: "text/plain" });
      throw new Error(
        `The browser reported ${unexpected.length} problem(s) during this test:\n${report}`,
      );
    }
  },

  browserProblems: async ({ context }, provide) => {
    await provide(logs.get(context)!);
  },

  signInAs: async ({ context, baseURL }, provide) => {
    await provide((who) => signInAs(context, baseURL!, who));
  },
});

/**
 * Opens `path` and waits for the page's own signs that it is ready: the document and what it
 * loads (the "load" event), its fonts, and React's first commit, which on a page rendered on the
 * server is the end of hydration. "networkidle" waited for all of that by waiting out half a
 * second of network silence after every page, which is time spent for no assertion's sake
 * (docs/testing.md#where-ci-time-goes).
 */
export async function gotoReady(page: Page, path: string) {
  if (!hydrationWatched.has(page)) {
    hydrationWatched.add(page);
    await page.addInitScript(watchHydration);
  }
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** Waits until React has hydrated the page now open (after gotoReady has opened one). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as { __testHydrated?: boolean }).__testHydrated);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

const hydrationWatched = new WeakSet<Page>();

/**
 * Runs in the page before its scripts. React calls the developer tools' hook, when one is
 * installed, after every commit, in production builds too; the first commit whose root is no
 * longer dehydrated marks the page hydrated. Nothing of the page's own code changes.
 */
function watchHydration() {
  type Root = { current?: { memoizedState?: { isDehydrated?: boolean } } };
  const page = window as {
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown;
    __testHydrated?: boolean;
  };
  if (page.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject: () => 1,
    onCommitFiberRoot: (_renderer: number, root: Root) => {
      if (!root.current?.memoizedState?.isDehydrated) page.__testHydrated = true;
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  };
}

// WCAG 2.2 AA, the level the public site and the back office are held to.
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the page as it is now and fails with one readable paragraph per violation. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}) {
  // axe reads touch targets where they sit now: one scrolled under the sticky admin header reads
  // as too small. From the top, only what the page itself puts over a target counts.
  await page.evaluate(() => window.scrollTo(0, 0));
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => {
          const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
          return `    element ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
        })
        .join("\n");
      const more =
        violation.nodes.length > 5 ? `\n    ...and ${violation.nodes.length - 5} more` : "";
      return `- [${violation.impact ?? "unknown"}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join("\n");
  expect(
    violations.length,
    `axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${report}\n`,
  ).toBe(0);
}
