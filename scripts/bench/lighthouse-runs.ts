// Lighthouse on the production build, shared by `npm run bench:pages` and `npm run lighthouse`.
// Starts build/server.js on a free port with a throwaway DATA_DIR, seeded with the demo photos
// (the committed assets/demo-photos, or DEMO_PHOTOS_DIR), and drives Debian's Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH) with Lighthouse's default mobile preset: a mid-range
// phone on simulated slow 4G.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  assertServerBuilt,
  builtServerPath,
  findFreePort,
  projectRoot,
  testServerEnv,
} from "../../tests/helpers/built-server";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export type Row = {
  page: string;
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
};

/**
 * Measures each page `runs` times and answers each page's median run (by performance score).
 * `out` is a folder to keep every run's full report (JSON) in, to read the failing audits.
 */
export async function measurePages(
  pages: string[],
  runs: number,
  out?: string,
  /** Runs once the browser is up, before any page is measured (signing in, say) */
  prepare?: (browser: { dataDir: string; chromePort: number }) => Promise<void>,
): Promise<Row[]> {
  assertServerBuilt();
  const photos = process.env.DEMO_PHOTOS_DIR ?? "";
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-lighthouse-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [builtServerPath], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...testServerEnv({
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: "warn",
        DEMO_PHOTOS_DIR: photos,
      }),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });

  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const started = Date.now();
    await waitForHealth(server, `${baseUrl}/healthz`, 180_000);
    console.log(
      `server ready in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(demo photos: ${photos || "assets/demo-photos"})`,
    );
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    });
    await prepare?.({ dataDir, chromePort: chrome.port });
    // One unmeasured visit per page warms the server (first render, route modules) as a
    // returning visitor's server would be; the browser cache is cleared by Lighthouse anyway.
    for (const page of pages) await fetch(baseUrl + page).then((r) => r.text());

    const rows: Row[] = [];
    for (const page of pages) {
      const measured: Row[] = [];
      for (let run = 0; run < runs; run++) {
        measured.push(await measureWithRetry(baseUrl, page, chrome.port, out));
      }
      measured.sort((a, b) => a.scores.performance - b.scores.performance);
      rows.push(measured[Math.floor(measured.length / 2)]!);
    }
    return rows;
  } finally {
    await chrome?.kill();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART and the like): try twice more. */
async function measureWithRetry(baseUrl: string, page: string, port: number, out?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(baseUrl, page, port, out);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${page}: ${(error as Error).message}; measuring again`);
    }
  }
}

async function measure(baseUrl: string, page: string, port: number, out?: string): Promise<Row> {
  const result = await lighthouse(baseUrl + page, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = result;
  if (out) {
    mkdirSync(out, { recursive: true });
    const name = `${page.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${Date.now()}.json`;
    writeFileSync(path.join(out, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details as
    { items: { resourceType: string; transferSize: number }[] } | undefined;
  const script = summary?.items.find((item) => item.resourceType === "script");
  return {
    page,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Row["scores"],
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    jsBytes: script?.transferSize ?? 0,
  };
}

/** The rows as a Markdown table, the form docs/benchmarks.md keeps them in. */
export function printTable(rows: Row[]) {
  const header = [
    "Page",
    "Perf",
    "A11y",
    "Best pr.",
    "SEO",
    "LCP",
    "CLS",
    "TBT",
    "JS (transferred)",
  ];
  const lines = rows.map((r) => [
    r.page,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores["best-practices"]),
    String(r.scores.seo),
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    r.cls.toFixed(3),
    `${Math.round(r.tbtMs)} ms`,
    `${(r.jsBytes / 1024).toFixed(0)} KiB`,
  ]);
  console.log(`| ${header.join(" | ")} |`);
  console.log(`| ${header.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`);
  for (const line of lines) console.log(`| ${line.join(" | ")} |`);
}

async function waitForHealth(server: ReturnType<typeof spawn>, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}
