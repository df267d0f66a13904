// Signs the Lighthouse browser in as the demo cleaner (docs/decisions/0063-cleaner-app-sign-in.md),
// the way a cleaner does: the start-up emails the demo cleaner a sign-in link (into the data
// folder's mail), the browser opens it and presses Sign in. Lighthouse keeps cookies between its
// runs, so every run measures the signed-in Today screen. Also answers whether Chromium finds
// the app installable (its own installability check, which Lighthouse 12 no longer reports).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

/** The newest cleaner sign-in link in the data folder's mail (quoted-printable undone). */
function demoCleanerLink(dataDir: string) {
  const folder = path.join(dataDir, "mail");
  const links = readdirSync(folder)
    .map((name) => readFileSync(path.join(folder, name), "utf8"))
    .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .map((mail) => /https?:\/\/\S+?\/cleaner\/sign-in\/verify\?token=[\w-]+/.exec(mail)?.[0])
    .filter(Boolean);
  if (links.length === 0) throw new Error("no demo cleaner sign-in link in the data folder's mail");
  return links.at(-1)!;
}

export async function signInDemoCleaner(input: { dataDir: string; chromePort: number }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${input.chromePort}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(demoCleanerLink(input.dataDir));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/cleaner$/);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    await page.close();
    return { installable: installabilityErrors.length === 0, errors: installabilityErrors };
  } finally {
    // Disconnects Playwright only: the browser stays for Lighthouse.
    await browser.close();
  }
}
