import { randomBytes, randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { format } from "date-fns";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { insertTestLead, leadStatusOf, openBoard } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// The leads board's cards and moves (docs/product/back-office.md#lead-management): a booked
// card shows its job date and crew; paid or completed work goes to Lost only with a reason
// (docs/decisions/0057-paid-work-to-lost-needs-a-reason.md), by the menu and by the keyboard;
// the drag overlay is the card's width; the filters are not cut off at 1280 px. Each test writes
// leads named with a tag no other test uses, and searches for it.

const tag = () => `Bd${randomBytes(3).toString("hex")}`;
const column = (page: Page, title: string) => page.getByRole("region", { name: title });
const card = (scope: Page | Locator, name: string) => scope.getByRole("article", { name });

type Work = { booking?: { date: string; slot: string; status?: string }; paid?: boolean };

/** A priced lead in a column, with a booking, a paid payment and an accepted cleaner if asked. */
function addLead(name: string, leadStatus: string, work: Work = {}, cleaner?: string) {
  const id = insertTestLead(name, { leadStatus, booking: work.booking });
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    if (work.paid) {
      db.prepare(
        `insert into payments (id, quote_id, amount_cents, provider, status, created_at,
           updated_at, paid_at)
         values (?, ?, 15000, 'test', 'paid', ?, ?, ?)`,
      ).run(randomUUID(), id, at, at, at);
    }
    if (cleaner) {
      const cleanerId = randomUUID();
      db.prepare(
        `insert into cleaners (id, name, email, phone, services, availability, languages,
           specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
           source, created_at, updated_at)
         values (?, ?, ?, '0491 570 157', '["Residential"]', '["Monday"]', '["English"]', '[]',
           'available', 4.9, 1, 0, 0, 0, 'admin', ?, ?)`,
      ).run(cleanerId, cleaner, `${cleanerId}@example.com`, at, at);
      db.prepare(
        `insert into assignments (id, quote_id, cleaner_id, scheduled_date, time_slot, status,
           response_deadline, token_hash, responded_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, 'accepted', ?, ?, ?, ?, ?)`,
      ).run(
        randomUUID(),
        id,
        cleanerId,
        work.booking?.date ?? "2030-01-07",
        work.booking?.slot ?? "09:00",
        at,
        randomBytes(16).toString("hex"),
        at,
        at,
        at,
      );
    }
  } finally {
    db.close();
  }
  return id;
}

/** "Thu, 26 Nov 2026" for a YYYY-MM-DD date, as the board writes it. */
function shortDate(date: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day, 12), "EEE, d MMM yyyy");
}

test("a booked card shows its job date and crew; an open one says it has no cleaner yet", async ({
  page,
  signInAs,
}) => {
  const t = tag();
  const date = sydneyWeekdayPlus(5);
  addLead(`Ava ${t}`, "booked", { booking: { date, slot: "14:00" }, paid: true }, `Mei ${t} Chen`);
  addLead(`Ben ${t}`, "qualified", { booking: { date, slot: "09:00" } });
  addLead(`Cy ${t}`, "new");
  await openBoard({ page, signInAs }, t);

  const booked = card(column(page, "Booked"), `Ava ${t}`);
  await expect(booked.getByTestId("card-job-date")).toHaveText(
    `Job date: ${shortDate(date)}, 2:00 PM`,
  );
  await expect(booked.getByTestId("card-crew")).toHaveText(`Crew: Mei ${t} Chen`);
  const qualified = card(column(page, "Qualified"), `Ben ${t}`);
  await expect(qualified.getByTestId("card-job-date")).toHaveText(
    `Job date: ${shortDate(date)}, 9:00 AM`,
  );
  await expect(qualified.getByTestId("card-crew")).toHaveText("Crew: No cleaner yet");
  // A lead not yet booked shows how long it has waited instead.
  const fresh = card(column(page, "New Leads"), `Cy ${t}`);
  await expect(fresh.getByTestId("card-job-date")).toHaveCount(0);
  await expect(fresh.getByText(/ago$/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("paid or completed work goes to Lost only with a reason, by the menu and by the keyboard", async ({
  page,
  signInAs,
}) => {
  const t = tag();
  const date = sydneyWeekdayPlus(3);
  const paid = addLead(`Dan ${t}`, "booked", { booking: { date, slot: "10:00" }, paid: true });
  const done = addLead(`Eve ${t}`, "booked", {
    booking: { date, slot: "11:00", status: "completed" },
  });
  await openBoard({ page, signInAs }, t);
  const booked = column(page, "Booked");
  const lost = column(page, "Lost");

  // Move to…, by keyboard: the dialog asks first; Escape changes nothing and gives focus back.
  const moveDan = page.getByRole("button", { name: `Move Dan ${t} to…` });
  await moveDan.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Lost" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Move Dan ${t} to Lost?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("does not cancel or refund anything");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(moveDan).toBeFocused();
  await expect(card(booked, `Dan ${t}`)).toBeVisible();
  expect(leadStatusOf(paid)).toBe("booked");

  // Again: an empty reason is refused next to the field; a reason moves it.
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Lost" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await dialog.getByRole("button", { name: "Move to Lost" }).click();
  await expect(
    dialog.getByText("Give a reason for moving paid or completed work to Lost."),
  ).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Reason").fill("Client emigrated; refunded by bank transfer.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Move to Lost" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(card(lost, `Dan ${t}`)).toBeVisible();
  await expect.poll(() => leadStatusOf(paid)).toBe("lost");

  // The keyboard drag asks the same before a completed job goes to Lost.
  const handle = page.getByRole("button", { name: `Drag Eve ${t}` });
  const from = (await handle.boundingBox())!;
  const to = (await lost.boundingBox())!;
  const presses = Math.ceil((to.x + to.width / 2 - (from.x + from.width / 2)) / 25);
  await handle.focus();
  await page.keyboard.press("Space");
  for (let i = 0; i < presses; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Space");
  const eveDialog = page.getByRole("dialog", { name: `Move Eve ${t} to Lost?` });
  await expect(eveDialog).toBeVisible();
  expect(leadStatusOf(done)).toBe("booked");
  await eveDialog.getByLabel("Reason").fill("Job disputed; owner's call.");
  await eveDialog.getByRole("button", { name: "Move to Lost" }).click();
  await expect(card(lost, `Eve ${t}`)).toBeVisible();
  await expect.poll(() => leadStatusOf(done)).toBe("lost");

  // The reason is on the lead's timeline.
  await page.goto(`/admin/quotes/${paid}`);
  await expect(page.getByText("Moved from Booked to Lost")).toBeVisible();
  await expect(
    page.getByText("Reason: Client emigrated; refunded by bank transfer."),
  ).toBeVisible();
});

test("the server refuses paid work to Lost without a reason", async ({ page, signInAs }) => {
  await signInAs("staff");
  const t = tag();
  const id = addLead(`Fay ${t}`, "booked", {
    booking: { date: sydneyWeekdayPlus(4), slot: "10:00" },
    paid: true,
  });
  await page.goto("/admin/quotes?view=board");
  const origin = new URL(page.url()).origin;
  // What the board's own request gets: the route's data, with the message for the field.
  const refused = await page.request.post("/admin/quotes.data", {
    form: { intent: "move", id, to: "lost", reason: "  " },
    headers: { origin },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.text()).toContain(
    "Give a reason for moving paid or completed work to Lost.",
  );
  expect(leadStatusOf(id)).toBe("booked");
  const withReason = await page.request.post("/admin/quotes.data", {
    form: { intent: "move", id, to: "lost", reason: "Paid twice by mistake; refunded." },
    headers: { origin },
  });
  expect(withReason.status()).toBe(200);
  expect(leadStatusOf(id)).toBe("lost");
});

test("the drag overlay is as wide as the card, and the filters are not cut off at 1280 px", async ({
  page,
  signInAs,
}) => {
  const t = tag();
  addLead(`Georgiana Montgomery-Wellington ${t}`, "new");
  await openBoard({ page, signInAs }, t);

  // "All lead statuses" fits in its select: the text is no wider than the room inside it.
  for (const label of ["Status", "Lead status", "Type"]) {
    const room = await page.getByLabel(label, { exact: true }).evaluate((element) => {
      const select = element as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(select.selectedOptions[0]!.text).width;
      // The padding on the right holds the arrow.
      const inside =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      return inside - text;
    });
    expect(room, `${label} fits its choice`).toBeGreaterThanOrEqual(0);
  }

  const name = `Georgiana Montgomery-Wellington ${t}`;
  const cardBox = (await card(page, name).boundingBox())!;
  const handle = page.getByRole("button", { name: `Drag ${name}` });
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 30, { steps: 5 });
  const overlay = page.getByTestId("drag-overlay");
  await expect(overlay).toBeVisible();
  const overlayBox = (await overlay.boundingBox())!;
  expect(Math.abs(overlayBox.width - cardBox.width)).toBeLessThanOrEqual(2);
  await page.keyboard.press("Escape");
  await page.mouse.up();
  await expect(overlay).toBeHidden();
});
