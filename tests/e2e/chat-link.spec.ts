import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";

// The floating chat link (docs/product/public-site.md#site-layout: always visible), at a phone's
// and a laptop's width: on screen wherever the page is scrolled, never over the footer's last
// line, and above any bar fixed to the bottom of the screen (app.css, data-bottom-bar).

const VIEWPORTS = [
  { name: "a phone", width: 390, height: 844 },
  { name: "a laptop", width: 1280, height: 800 },
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** The chat link's whole box is inside the window. */
async function expectChatOnScreen(page: Page, viewport: { width: number; height: number }) {
  const chat = await boxOf(page, "chat-link");
  expect(chat.x).toBeGreaterThanOrEqual(0);
  expect(chat.y).toBeGreaterThanOrEqual(0);
  expect(chat.x + chat.width).toBeLessThanOrEqual(viewport.width);
  expect(chat.y + chat.height).toBeLessThanOrEqual(viewport.height);
  return chat;
}

/** The footer's last line (copyright and ABN) as it sits on screen at the page's very end. */
async function lastFooterLine(page: Page) {
  // Sections below the fold take their real height once drawn: scroll until the end holds still.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.documentElement;
        window.scrollTo(0, root.scrollHeight);
        return Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight;
      }),
    )
    .toBe(true);
  const lines = page.getByRole("contentinfo").getByText(/All rights reserved|^ABN /);
  const boxes = await Promise.all((await lines.all()).map((line) => line.boundingBox()));
  expect(boxes.length).toBeGreaterThan(0);
  return boxes.map((box) => box!);
}

for (const viewport of VIEWPORTS) {
  test(`on ${viewport.name} the chat link floats in view and covers neither the footer nor a bottom bar`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await gotoReady(page, "/");
    const chat = page.getByTestId("chat-link");
    await expect(chat).toBeVisible();
    await expect(chat.getByText("Chat with us")).toHaveCount(1);
    expect(await chat.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    await expectChatOnScreen(page, viewport);
    await expectNoAxeViolations(page);

    // At the page's end the footer's last line sits above the chat link, not under it.
    const chatAtEnd = await expectChatOnScreen(page, viewport);
    for (const line of await lastFooterLine(page)) expect(overlaps(line, chatAtEnd)).toBe(false);

    // A page with a bar fixed to the bottom of the screen (a sticky step footer, a notice):
    // the chat link rides above it and the footer's last line still clears both.
    await page.evaluate(() => {
      const bar = document.createElement("div");
      bar.dataset.bottomBar = "";
      bar.dataset.testid = "bottom-bar";
      Object.assign(bar.style, {
        position: "fixed",
        insetInline: "0",
        bottom: "0",
        height: "5rem",
        zIndex: "20",
        background: "#fff",
      });
      document.body.append(bar);
    });
    const bar = await boxOf(page, "bottom-bar");
    const chatAboveBar = await expectChatOnScreen(page, viewport);
    expect(overlaps(chatAboveBar, bar)).toBe(false);
    expect(chatAboveBar.y + chatAboveBar.height).toBeLessThanOrEqual(bar.y);
    for (const line of await lastFooterLine(page)) {
      expect(overlaps(line, chatAboveBar)).toBe(false);
      expect(line.y + line.height).toBeLessThanOrEqual(bar.y);
    }
  });
}
