import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { residentialRequest } from "../../app/features/quote/quote-fixtures";
import { expect, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// Hostile input (docs/security.md): text a stranger stored renders as text wherever staff see it. A lead
// sent through the public quote API, a cleaner's application and a customer review carry names
// shaped like HTML that would run a script; the admin list, board, details, applications and
// marketing reviews show them literally, and no script, handler or dialog runs.

/** Each payload would set window.__xss (or open a dialog) if the browser ever ran it. */
const payloads = (tag: string) => ({
  image: `<img src=x onerror="window.__xss='img';alert(1)"> ${tag}`,
  script: `<script>window.__xss='script'</script> ${tag}`,
  svg: `<svg onload="window.__xss='svg'"></svg> ${tag}`,
});

/** Fails the test on any dialog, and after the page settles checks no payload ran. */
function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss ?? null)).toBeNull();
    expect(dialogs).toEqual([]);
    // The payloads are text: no element they describe exists in the page.
    expect(await page.locator("img[src='x'], svg[onload]").count()).toBe(0);
  };
}

test("names shaped like HTML show as text in the leads list, board and details", async ({
  page,
  request,
  baseURL,
  signInAs,
}) => {
  const tag = `xss${randomBytes(4).toString("hex")}`;
  const names = payloads(tag);
  const ids: string[] = [];
  for (const name of Object.values(names)) {
    // Sent through the public API, as a page of this site would send it.
    const response = await request.post("/api/v1/quotes", {
      headers: { origin: baseURL!, "sec-fetch-site": "same-origin" },
      data: {
        ...residentialRequest,
        images: [],
        photosWaived: true,
        leadInfo: { ...residentialRequest.leadInfo, name },
      },
    });
    expect(response.status()).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const db = openServerDatabase();
    try {
      const row = db.prepare("select id from quotes where reference = ?").get(reference) as {
        id: string;
      };
      ids.push(row.id);
    } finally {
      db.close();
    }
  }
  await signInAs("staff");
  const noScriptRan = watchForScripts(page);

  await page.goto(`/admin/quotes?view=list&q=${tag}`);
  for (const name of Object.values(names)) {
    await expect(page.getByText(name, { exact: false }).first()).toBeVisible();
  }
  await noScriptRan();

  await page.goto(`/admin/quotes?view=board&q=${tag}`);
  await expect(page.getByText(names.image).first()).toBeVisible();
  await noScriptRan();

  for (const [index, name] of Object.values(names).entries()) {
    await page.goto(`/admin/quotes/${ids[index]}`);
    await expect(page.getByText(name).first()).toBeVisible();
    await noScriptRan();
  }
});

test("an application and a review shaped like HTML show as text", async ({ page, signInAs }) => {
  const tag = `xss${randomBytes(4).toString("hex")}`;
  const names = payloads(tag);
  const at = new Date().toISOString();
  // Written as the application form and the review form store them: the public forms accept
  // these characters in a name and a comment (only control characters are refused).
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, location, services, availability, languages,
         specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
         source, created_at, updated_at)
       values (?, ?, ?, '0412 345 678', ?, '["Residential"]', '["Monday"]', '["English"]', '[]',
         'pending_review', 0, 0, 0, 0, 0, 'application', ?, ?)`,
    ).run(randomUUID(), names.image, `${tag}@example.com`, `Tagville ${tag}`, at, at);
    db.prepare(
      `insert into reviews (id, client_name, location, rating, comment, photo_url, verified,
         show_on_home, service_label, cleaner_id, quote_id, created_at, updated_at)
       values (?, ?, null, 5, ?, null, 0, 0, null, null, null, ?, ?)`,
    ).run(`e2e-review-${tag}`, names.svg, names.script, at, at);
  } finally {
    db.close();
  }
  await signInAs("owner");
  const noScriptRan = watchForScripts(page);

  await page.goto(`/admin/cleaners?q=${tag}&status=pending_review`);
  await expect(page.getByText(names.image).first()).toBeVisible();
  await noScriptRan();

  await page.goto("/admin/marketing?tab=customer-reviews");
  await expect(page.getByText(names.svg).first()).toBeVisible();
  await expect(page.getByText(names.script).first()).toBeVisible();
  await noScriptRan();
});
