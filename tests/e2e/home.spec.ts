import type { Page } from "@playwright/test";
import { HERO_SLIDE_TITLES, HERO_SLIDES } from "../../app/features/demo-data/photo-credits";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";

// The home page (docs/product/public-site.md#landing-hero-and-value-cards, docs/product/public-site.md#home-page;
// docs/product/public-site.md#statuses-and-flows "Carousel"; docs/product/public-site.md#business-constants-and-limits). The carousel's 8-second timer runs on Playwright's clock, never on real waiting.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const hero = (page: Page) => page.locator("section[aria-roledescription='carousel']");
const dots = (page: Page) =>
  page.getByRole("group", { name: "Choose a slide" }).getByRole("button");

/** A fake clock, paused: time moves only when the test says so, however slow the machine is. */
async function pauseClock(page: Page) {
  const start = Date.UTC(2026, 10, 23, 22);
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}

/**
 * Opens the home page with the seeded seven slides. The marketing spec adds a slide for a few
 * seconds and deletes it again on the same server; a page loaded in that window is loaded again.
 */
async function openSeededHome(page: Page) {
  await expect(async () => {
    await gotoReady(page, "/");
    await expect(dots(page)).toHaveCount(7, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

/** Opens the home page on a paused clock and waits for the slideshow controls (hydration). */
async function openWithClock(page: Page) {
  await pauseClock(page);
  await openSeededHome(page);
}

async function expectSlide(page: Page, n: number) {
  await expect(page.getByRole("button", { name: new RegExp(`^Show slide ${n}:`) })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(hero(page)).toHaveAttribute("data-slide", String(n));
}

test.describe("the hero carousel", () => {
  test.use({ viewport: DESKTOP });

  test("shows seven slides titled after their photos, advances every 8 seconds and wraps after the last", async ({
    page,
  }) => {
    await openWithClock(page);
    for (const [index, file] of HERO_SLIDES.entries()) {
      await expect(dots(page).nth(index)).toHaveAccessibleName(
        `Show slide ${index + 1}: ${HERO_SLIDE_TITLES[file]}`,
      );
    }
    await expect(dots(page).nth(2)).toHaveAccessibleName("Show slide 3: Infinity Pool Terrace");
    await expectSlide(page, 1);
    await page.clock.runFor(7_900);
    await expectSlide(page, 1);
    await page.clock.runFor(100);
    await expectSlide(page, 2);
    for (let n = 3; n <= 7; n++) {
      await page.clock.runFor(8_000);
      await expectSlide(page, n);
    }
    await page.clock.runFor(8_000);
    await expectSlide(page, 1);
  });

  test("pauses while the pointer is over it and resumes when it leaves", async ({ page }) => {
    await openWithClock(page);
    await page.getByRole("heading", { level: 1 }).hover();
    await page.clock.runFor(24_000);
    await expectSlide(page, 1);
    // The fixed header is outside the hero.
    await page.mouse.move(640, 10);
    await page.clock.runFor(8_000);
    await expectSlide(page, 2);
  });

  test("pauses while it has keyboard focus", async ({ page }) => {
    await openWithClock(page);
    await dots(page).first().focus();
    await page.keyboard.press("Tab");
    await expect(dots(page).nth(1)).toBeFocused();
    await page.clock.runFor(24_000);
    await expectSlide(page, 1);
  });

  test("a dot jumps to its slide, which fades in over the others", async ({ page }) => {
    await openWithClock(page);
    await dots(page).nth(4).click();
    await expectSlide(page, 5);
    const slides = hero(page).locator("[data-hero-slide]");
    await expect(slides).toHaveCount(7);
    await expect(slides.nth(4)).toHaveAttribute("aria-hidden", "false");
    await expect(slides.nth(4)).toHaveClass(/opacity-100/);
    await expect(slides.nth(4)).toHaveCSS("transition-duration", "1s");
    await expect(slides.nth(0)).toHaveClass(/opacity-0/);
    // The jumped-to slide loads its photo now.
    await expect(slides.nth(4).locator("img")).toHaveJSProperty("complete", true);
  });

  test("stands still under reduced motion, with no fade", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openWithClock(page);
    await page.clock.runFor(24_000);
    await expectSlide(page, 1);
    const first = hero(page).locator("[data-hero-slide]").first();
    // app.css shortens every transition to 0.01 ms under reduced motion.
    await expect(first).toHaveCSS("transition-duration", /^(0s|1e-05s)$/);
    await expect(page.getByRole("button", { name: "Pause slideshow" })).toHaveCount(0);
  });

  test("the pause button stops the slideshow (WCAG 2.2.2)", async ({ page }) => {
    await openWithClock(page);
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    await page.mouse.move(640, 10);
    await page.clock.runFor(24_000);
    await expectSlide(page, 1);
    await page.getByRole("button", { name: "Play slideshow" }).click();
    await page.mouse.move(640, 10);
    await page.clock.runFor(8_000);
    await expectSlide(page, 2);
  });

  test("a photo that fails leaves the headline on a dark backdrop", async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/\/media\//);
    await page.route("**/media/**", (route) => route.abort());
    await gotoReady(page, "/");
    const first = hero(page).locator("[data-hero-slide]").first();
    await expect(first).toHaveAttribute("data-failed", "true");
    await expect(first.locator("img")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get a Quote in Seconds" })).toBeVisible();
  });

  test("the first slide is in the server's HTML, eager and high priority; the rest load later", async ({
    page,
  }) => {
    await pauseClock(page);
    const response = await page.request.get("/");
    const html = await response.text();
    expect(html).toMatch(/<img[^>]*fetchpriority="high"/i);
    // Slide 1 and the six room cards; the other slides are not in the HTML.
    expect(html.match(/<img[^>]*src="\/media\//g) ?? []).toHaveLength(7);
    await gotoReady(page, "/");
    const images = hero(page).locator("img");
    const first = images.first();
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    // Hydrated: the slideshow controls are there.
    await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
    await expect(images).toHaveCount(1);
    // Halfway through slide 1's eight seconds the next slide is prepared, lazily; slides
    // further on are not fetched yet.
    await page.clock.runFor(4_000);
    await expect(images).toHaveCount(2);
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
  });
});

test.describe("the home page's sections", () => {
  test.use({ viewport: DESKTOP });

  test("every section of the spec is there, with its texts", async ({ page }) => {
    await gotoReady(page, "/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Experience High-end Cleaning Services",
    );
    await expect(
      main.getByText("Redefining spaces and lives through the art of cleaning and organisation"),
    ).toBeVisible();
    await expect(main.getByRole("link", { name: "Get a Quote in Seconds" })).toHaveAttribute(
      "href",
      "/services/1",
    );
    for (const [title, text] of [
      [
        "Meticulous Attention to Detail",
        "Our 5-star service is not merely a tagline, it's a commitment to perfection.",
      ],
      [
        "Tailored to Your Needs",
        "Just as every residence is unique, so are your preferences and requirements.",
      ],
      [
        "Respecting Your Space",
        "We treat every home with the utmost care and respect it deserves.",
      ],
    ] as const) {
      await expect(main.getByRole("heading", { name: title })).toBeVisible();
      await expect(main.getByText(text)).toBeVisible();
    }
    for (const item of ["Residential Cleaning", "Commercial Cleaning", "Post-Construction"]) {
      await expect(main.getByText(item, { exact: true }).first()).toBeVisible();
    }
    await expect(main.getByRole("heading", { name: "Premium Solutions" })).toBeVisible();

    await expect(
      main.getByRole("heading", { name: "What Makes our Residential Cleaning a 5 Star Service?" }),
    ).toBeVisible();
    const rooms = main.getByRole("list", { name: /Rooms we clean/ }).locator("> li");
    await expect(rooms).toHaveCount(6);
    for (const [i, room] of [
      "Bedrooms/Study",
      "Bathrooms",
      "Kitchen",
      "Living Areas",
      "Outdoor Spaces",
      "Specialty Areas",
    ].entries()) {
      await expect(rooms.nth(i).getByRole("heading")).toHaveText(room);
      await expect(rooms.nth(i).locator("ul > li")).toHaveCount(5);
      await expect(rooms.nth(i).locator("img")).toHaveCount(1);
    }

    await expect(
      main.getByRole("heading", { name: "Don't just take our word for it" }),
    ).toBeVisible();
    await expect(main.getByText("Why over 500 customers love us")).toBeVisible();
    await expect(
      main.getByRole("heading", { name: "Experience Luxury Cleaning Services" }),
    ).toBeVisible();
    await expect(main.getByRole("link", { name: "Contact Us Today" })).toHaveAttribute(
      "href",
      "/services/1",
    );
  });

  test("the testimonials show five verified reviews, each with its own rating, name and service", async ({
    page,
  }) => {
    await gotoReady(page, "/");
    const reviews = page.getByRole("list", { name: /Reviews/ }).locator("> li");
    await expect(reviews).toHaveCount(5);
    const ratings = new Set<string>();
    for (const review of await reviews.all()) {
      const rating = review.getByRole("img", { name: /^Rated [1-5] out of 5$/ });
      await expect(rating).toHaveCount(1);
      ratings.add((await rating.getAttribute("aria-label"))!);
      await expect(review.locator("figcaption span").first()).toHaveText(/^[A-Z][a-z]+ [A-Z]\.$/);
      await expect(review.locator("figcaption span").nth(1)).not.toBeEmpty();
    }
    // docs/decisions/0023-honest-reviews.md: each shows its own rating; the seeded five are not all five stars.
    expect(ratings.size).toBeGreaterThan(1);
  });

  test("the arrows scroll the reviews and the room cards", async ({ page }) => {
    await gotoReady(page, "/");
    for (const [list, next] of [
      [/Reviews/, "Next reviews"],
      [/Rooms we clean/, "Next rooms"],
    ] as const) {
      const row = page.getByRole("list", { name: list });
      await page.getByRole("button", { name: next }).click();
      await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await expect(row).toHaveCSS("scroll-snap-type", "x mandatory");
    }
  });

  test("on a phone the room photos wait until the visitor scrolls near them", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/media/")) fetched.push(new URL(request.url()).pathname);
    });
    // A quiet network, not only hydration: that no room photo was asked for holds only once the
    // page has stopped asking for anything.
    await page.goto("/", { waitUntil: "networkidle" });
    const rooms = page.getByRole("list", { name: /Rooms we clean/ });
    const firstRoomPhoto = rooms.locator("img").first();
    const photoFolder = (src: string) => src.split("/").slice(0, 3).join("/");
    const folder = photoFolder((await firstRoomPhoto.getAttribute("src"))!);
    // Only the hero's photos so far: the rooms are thousands of pixels further down.
    expect(fetched.filter((url) => url.startsWith(folder + "/"))).toEqual([]);

    await rooms.scrollIntoViewIfNeeded();
    await expect
      .poll(() => firstRoomPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(fetched.some((url) => url.startsWith(folder + "/"))).toBe(true);
  });

  test("every photo reserves its space and offers AVIF and WebP at several widths from our own host", async ({
    page,
  }) => {
    await gotoReady(page, "/");
    const pictures = page.getByRole("main").locator("picture");
    expect(await pictures.count()).toBeGreaterThanOrEqual(7);
    for (const picture of await pictures.all()) {
      const img = picture.locator("img");
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("height", /^\d+$/);
      for (const type of ["image/avif", "image/webp"]) {
        const source = picture.locator(`source[type="${type}"]`);
        await expect(source).toHaveAttribute("sizes", /.+/);
        const srcset = (await source.getAttribute("srcset"))!;
        const candidates = srcset.split(", ");
        expect(candidates.length, srcset).toBeGreaterThan(1);
        for (const candidate of candidates)
          expect(candidate).toMatch(/^\/media\/\w+\/\d+\.\w+ \d+w$/);
      }
    }
    const avif = (await pictures.first().locator("source").first().getAttribute("srcset"))!.split(
      " ",
    )[0]!;
    const response = await page.request.get(avif);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/avif");
    expect(response.headers()["cache-control"]).toContain("immutable");
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`the home page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("has no accessibility violations and no sideways scroll", async ({ page }) => {
      // Real time: axe runs on timers of its own, which a paused clock would hold.
      await openSeededHome(page);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await expectNoAxeViolations(page);
    });
  });
}
