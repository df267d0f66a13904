import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, gotoReady, test, waitForHydration } from "./fixtures";
import { openServerDatabase } from "./server-database";
import { signInAs as signInContextAs } from "./staff-sessions";

// The Marketing screen (docs/product/back-office.md#marketing): staff add
// a background image by Unsplash link and see it in the home page's carousel, move and delete it;
// add, edit and delete a review staff type in (never verified), and show a client's own
// (verified) review among the home page's testimonials. Every image
// of images.unsplash.com is answered here by a 1-pixel PNG: nothing is fetched from Unsplash, the
// tests assert the rendered src. Each test removes what it added, so the home page's own journey
// (home.spec.ts) finds the seeded slides and reviews again.

const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function stubUnsplash(page: Page) {
  await page.route("https://images.unsplash.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
}

function toasts(page: Page) {
  return page.getByRole("region", { name: "Messages (F8)" });
}

const unique = () => randomBytes(3).toString("hex");

/**
 * Removes what these journeys add, even when one stops half-way, and marks the public content as
 * changed so the home page's cached copy is rebuilt: a slide or review left behind would break
 * the home page's own journey, which counts the seeded ones.
 */
function removeWhatTheJourneysAdded() {
  const db = openServerDatabase({ write: true });
  try {
    db.transaction(() => {
      db.prepare("delete from background_images where title like 'E2E %'").run();
      db.prepare("delete from reviews where comment like '%e2e-marketing%'").run();
      db.prepare("update content_version set version = version + 1 where id = 1").run();
    })();
  } finally {
    db.close();
  }
}

/** A client's own review, as one sent through a completed job's review link arrives: verified. */
function addClientReview(marker: string, name: string, comment: string) {
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into reviews (id, client_name, location, rating, comment, photo_url, verified,
         show_on_home, service_label, cleaner_id, quote_id, created_at, updated_at)
       values (?, ?, null, 4, ?, null, 1, 0, 'Deep Clean', null, null, ?, ?)`,
    ).run(`e2e-review-${marker}`, name, comment, at, at);
  } finally {
    db.close();
  }
}

test.describe("marketing", () => {
  // One at a time, in order: the image journeys count the carousel's images.
  test.describe.configure({ mode: "default" });
  test.afterEach(removeWhatTheJourneysAdded);

  test("an image added by Unsplash link goes last, shows on the home page, moves and is deleted after a confirmation", async ({
    page,
    signInAs,
  }) => {
    await stubUnsplash(page);
    await signInAs("staff");
    await gotoReady(page, "/admin/marketing");
    await expect(page.getByRole("tab", { name: "Background Images" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const add = page.getByRole("region", { name: "Add a background image" });
    const url = add.getByLabel("Image URL");

    // A lookalike host is refused by pattern, beside the field.
    await url.fill("https://images.unsplash.com.evil.com/photo-1590490360182-c33d57733427");
    await add.getByRole("button", { name: "Add image" }).click();
    await expect(add.getByText("Please enter a valid Unsplash image URL")).toBeVisible();

    // A page link is converted to an image link with the fixed crop.
    const title = `E2E slide ${unique()}`;
    await url.fill("https://unsplash.com/photos/a-calm-room-cHjAxnJk_wQ");
    await add.getByLabel("Title", { exact: true }).fill(title);
    await add.getByRole("button", { name: "Add image" }).click();
    await expect(add.getByText("Image added successfully!")).toBeVisible();
    await expect(url).toHaveValue("");
    // Back to idle after 3 seconds.
    await expect(add.getByText("Image added successfully!")).toBeHidden({ timeout: 6000 });

    const list = page.getByRole("region", { name: "Background images" }).getByRole("listitem");
    const count = await list.count();
    const row = list.filter({ hasText: title });
    await expect(row).toContainText(`Position ${count} of ${count}`);
    await expect(row.locator("img")).toHaveAttribute(
      "src",
      /^https:\/\/images\.unsplash\.com\/photo-cHjAxnJk_wQ\?w=768&h=432&fit=crop&crop=entropy/,
    );
    await expectNoAxeViolations(page);

    // Moved up by keyboard: focus stays on the button.
    const up = row.getByRole("button", {
      name: new RegExp(`^Move ${title} \\(position \\d+\\) up$`),
    });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(row).toContainText(`Position ${count - 1} of ${count}`);
    await expect(up).toBeFocused();

    // The home page's carousel has it, at its place, with the converted link.
    await page.goto("/");
    const dot = page.getByRole("button", { name: `Show slide ${count - 1}: ${title}` });
    await dot.click();
    const slide = page.locator(`[data-hero-slide="${count - 1}"] img`);
    await expect(slide).toHaveAttribute(
      "src",
      /^https:\/\/images\.unsplash\.com\/photo-cHjAxnJk_wQ\?w=768&h=432&fit=crop/,
    );

    // Deleting asks first; Cancel keeps it.
    await gotoReady(page, "/admin/marketing");
    const remove = row.getByRole("button", { name: new RegExp(`^Delete ${title} `) });
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${title}?` });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();
    await remove.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).getByText("Image deleted.")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("a photo file is stored as our own variants; a file that is not a photo says the upload failed", async ({
    page,
    signInAs,
    browserProblems,
  }) => {
    // The refused file is answered 415, on purpose.
    browserProblems.allow(/POST .*\/admin\/marketing.* \(fetch\)/);
    await stubUnsplash(page);
    await signInAs("staff");
    await gotoReady(page, "/admin/marketing");
    const add = page.getByRole("region", { name: "Add a background image" });
    const photo = add.getByLabel("Photo", { exact: true });

    await photo.setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not a picture at all"),
    });
    await add.getByRole("button", { name: "Upload photo" }).click();
    await expect(add.getByText("Upload failed")).toBeVisible();
    await expect(add.getByText("This file is not a photo we can use.").first()).toBeVisible();

    const title = `E2E upload ${unique()}`;
    const png = await sharp({
      create: { width: 640, height: 360, channels: 3, background: "#b08d57" },
    })
      .png()
      .toBuffer();
    await photo.setInputFiles({ name: "lounge.png", mimeType: "image/png", buffer: png });
    await add.getByLabel("Photo title").fill(title);
    await add.getByRole("button", { name: "Upload photo" }).click();
    await expect(add.getByText("Image added successfully!")).toBeVisible();
    const row = page
      .getByRole("region", { name: "Background images" })
      .getByRole("listitem")
      .filter({ hasText: title });
    await expect(row).toContainText("Uploaded photo");
    await expect(row.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}\/480\.webp$/);
    await expect(row.locator("img")).toHaveJSProperty("complete", true);

    await row.getByRole("button", { name: new RegExp(`^Delete ${title} `) }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);
  });

  test("a review staff add is unverified, edited and deleted; a client's own is shown on the home page as text", async ({
    page,
    signInAs,
  }) => {
    await signInAs("staff");
    await gotoReady(page, "/admin/marketing?tab=customer-reviews");
    await expect(page.getByRole("tab", { name: "Customer Reviews" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expectNoAxeViolations(page);
    // Shaped like the seeded names ("Olivia M."), which the home page's own journey checks.
    const name = `Zed ${String.fromCharCode(65 + (randomBytes(1)[0]! % 26))}.`;
    const marker = `e2e-marketing-${unique()}`;

    await page.getByRole("button", { name: "Add review" }).click();
    const adding = page.getByRole("dialog", { name: "Add a review" });
    await expect(adding.getByLabel("Rating")).toHaveValue("5");
    // Staff cannot vouch for a review they type in: there is no Verified box to tick.
    await expect(adding.getByLabel("Verified")).toHaveCount(0);
    await adding.getByLabel("Client name").fill(name);
    await adding.getByLabel("Review", { exact: true }).fill(`First words ${marker}`);
    await adding.getByLabel("Rating").selectOption("4");
    await adding.getByLabel("Service (optional)").fill("Deep Clean");
    await adding.getByRole("button", { name: "Add review" }).click();
    await expect(toasts(page).getByText("Review added.")).toBeVisible();
    await expect(adding).toBeHidden();

    const table = page.getByRole("table", { name: "Customer reviews" });
    const row = table.getByRole("row").filter({ hasText: marker });
    await expect(row).toContainText("4 of 5");
    await expect(row).toContainText("Not verified");

    // Edited through the row's menu; the text is kept as typed, never read as HTML. It cannot
    // be chosen for the home page.
    await row.getByRole("button", { name: `Actions for the review by ${name}` }).click();
    await expect(page.getByRole("menuitem", { name: "Show on home page" })).toBeDisabled();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const editing = page.getByRole("dialog", { name: `Edit the review by ${name}` });
    await editing.getByLabel("Review", { exact: true }).fill(`Edited <b>${marker}</b>`);
    await editing.getByRole("button", { name: "Save review" }).click();
    await expect(toasts(page).getByText("Review saved.")).toBeVisible();
    await expect(row).toContainText(`Edited <b>${marker}</b>`);

    await row.getByRole("button", { name: `Actions for the review by ${name}` }).click();
    await page.getByRole("menuitem", { name: "Delete…" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the review by ${name}?` });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).getByText("Review deleted.")).toBeVisible();
    await expect(row).toHaveCount(0);

    // A client's own review (sent through the link of a completed job) arrives verified: staff
    // show it on the home page, where it reads as text, but cannot reword it.
    addClientReview(marker, name, `Client's <b>${marker}</b>`);
    await page.reload();
    await waitForHydration(page);
    const own = table.getByRole("row").filter({ hasText: marker });
    await expect(own).toContainText("Verified");
    await own.getByRole("button", { name: `Actions for the review by ${name}` }).click();
    await expect(page.getByRole("menuitem", { name: "Edit" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Show on home page" }).click();
    await expect(toasts(page).getByText("Review shown on the home page.")).toBeVisible();
    await expect(own).toContainText("On home page");

    await page.goto("/");
    const reviews = page.getByRole("list", { name: /Reviews/ });
    const card = reviews.locator("li").filter({ hasText: marker });
    await expect(card).toContainText(`Client's <b>${marker}</b>`);
    await expect(card.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(card.locator("blockquote b")).toHaveCount(0);
  });

  test("without JavaScript a client's review is shown on the home page and deleted through plain forms", async ({
    browser,
    baseURL,
  }) => {
    const marker = `e2e-marketing-${unique()}`;
    addClientReview(marker, "Nora J.", `No script ${marker}`);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await signInContextAs(context, baseURL!, "staff");
    const page = await context.newPage();
    await page.goto("/admin/marketing?tab=customer-reviews");
    const row = page.getByRole("row").filter({ hasText: marker });
    await expect(row).toContainText("Verified");
    await expect(row.getByRole("button", { name: "Verify" })).toHaveCount(0);
    await row.getByRole("button", { name: "Show on home page" }).click();
    await expect(page.getByText("Review shown on the home page.")).toBeVisible();
    await expect(row).toContainText("On home page");
    await row.getByRole("button", { name: "Delete the review by Nora J." }).click();
    await expect(page.getByText("Review deleted.")).toBeVisible();
    await expect(row).toHaveCount(0);
    await context.close();
  });

  test("every tab is in the URL and has no accessibility violations", async ({
    page,
    signInAs,
  }) => {
    await stubUnsplash(page);
    await signInAs("staff");
    await gotoReady(page, "/admin/marketing");
    for (const [label, value] of [
      ["Testimonials", "testimonials"],
      ["Social Media", "social-media"],
      ["Customer Reviews", "customer-reviews"],
      ["Background Images", "background-images"],
    ] as const) {
      await page.getByRole("tab", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`\\?tab=${value}$`));
      await expect(page.getByRole("tabpanel", { name: label })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await page.goto("/admin/marketing?tab=social-media");
    await expect(page.getByRole("tabpanel", { name: "Social Media" })).toContainText(
      "Social Media is coming soon.",
    );
  });

  test("a stranger is refused; the page's CSP allows images from Unsplash's image host only", async ({
    playwright,
    baseURL,
    signInAs,
    page,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const stranger = await api.get("/admin/marketing", { maxRedirects: 0 });
    expect(stranger.status()).toBe(302);
    expect(stranger.headers()["location"]).toBe("/admin/login?redirectTo=%2Fadmin%2Fmarketing");
    const post = await api.post("/admin/marketing", {
      form: { intent: "add-image-url", url: "https://unsplash.com/photos/cHjAxnJk_wQ" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(401);
    await api.dispose();

    await signInAs("staff");
    const response = await page.goto("/admin/marketing");
    const csp = response!.headers()["content-security-policy"] ?? "";
    const imgSrc = csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith("img-src"));
    expect(imgSrc).toBe("img-src 'self' data: blob: https://images.unsplash.com");
    expect(csp).toContain("default-src 'self'");
  });
});
