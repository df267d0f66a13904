import { randomBytes, randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// Leads (docs/product/back-office.md#lead-management): staff search and filter the list, drag cards on the board with the mouse and
// the keyboard (and Move to…), see each move kept after a reload, delete a lead and undo it, and
// open a lead's details by its own link. Each test writes leads of its own, named with a tag no
// other test uses, and searches for the tag, so parallel journeys never see each other's leads.

type Lead = {
  name: string;
  phone?: string;
  status?: string;
  leadStatus?: string;
  serviceType?: string;
  totalCents?: number | null;
  spaceDetails?: object;
};

function addLeads(leads: Lead[]) {
  const db = openServerDatabase({ write: true });
  try {
    const insert = db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
        space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
        total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'website', ?, ?)`,
    );
    return leads.map((lead, index) => {
      const id = randomUUID();
      const priced = lead.totalCents !== null;
      const at = new Date(Date.now() - (index + 1) * 60_000).toISOString();
      insert.run(
        id,
        `HG-${randomBytes(4).toString("hex").toUpperCase()}`,
        lead.name,
        `${lead.name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
        lead.phone ?? null,
        lead.serviceType ?? "residential",
        JSON.stringify(lead.spaceDetails ?? { type: "house", bedrooms: 3, bathrooms: 2 }),
        priced ? "deep" : null,
        priced ? 4 : null,
        priced ? 1 : null,
        priced ? 5000 : null,
        priced ? (lead.totalCents ?? 20000) : null,
        lead.status ?? "pending",
        lead.leadStatus ?? "new",
        at,
        at,
      );
      return id;
    });
  } finally {
    db.close();
  }
}

function storedLead(id: string) {
  const db = openServerDatabase();
  try {
    return db
      .prepare("select lead_status, deleted_at, staff_notes from quotes where id = ?")
      .get(id) as { lead_status: string; deleted_at: string | null; staff_notes: string | null };
  } finally {
    db.close();
  }
}

const tag = () => `Tg${randomBytes(3).toString("hex")}`;
const column = (page: Page, title: string) => page.getByRole("region", { name: title });
const card = (scope: Page | Locator, name: string) => scope.getByRole("article", { name });

test("search by name and part of a phone number, and the filters, narrow the list", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  const t = tag();
  const digits = String(Math.floor(100_000 + Math.random() * 800_000));
  addLeads([
    { name: `Ivy ${t}`, phone: `0412 ${digits.slice(0, 3)} ${digits.slice(3)}` },
    {
      name: `Leo ${t}`,
      serviceType: "subscription",
      status: "pending_quote",
      totalCents: null,
    },
    { name: `Zoe ${t}`, status: "assigned", leadStatus: "booked" },
  ]);
  await page.goto("/admin/quotes?view=list");
  const table = page.getByRole("table", { name: "Leads" });
  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(search).toHaveAttribute("placeholder", "Search leads...");

  await search.fill(t);
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByText("Subscription request")).toBeVisible();
  await expect(table.getByText("Assigned", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Part of a phone number, as typed with a space.
  await search.fill(`${digits.slice(1, 3)} ${digits.slice(3, 5)}`);
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(table.getByRole("button", { name: `Ivy ${t}`, exact: true })).toBeVisible();

  await search.fill(t);
  await page.getByLabel("Type").selectOption({ label: "Subscription request" });
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("button", { name: `Leo ${t}`, exact: true })).toBeVisible();

  await page.getByLabel("Type").selectOption({ label: "All types" });
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Assigned" });
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("button", { name: `Zoe ${t}`, exact: true })).toBeVisible();

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "All statuses" });
  await page.getByLabel("Lead status").selectOption({ label: "Lost" });
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(page.getByText("No quotes found matching your criteria")).toBeVisible();
});

test("cards move by mouse, by keyboard and by Move to…, and stay moved after a reload", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  const t = tag();
  const [mouseId, keyboardId, menuId] = addLeads([
    { name: `Ada ${t}`, totalCents: 30000 },
    { name: `Ben ${t}`, totalCents: 12000 },
    { name: `Cy ${t}`, totalCents: 5000 },
  ]);
  await gotoReady(page, `/admin/quotes?view=board&q=${t}`);
  const fresh = column(page, "New Leads");
  const contact = column(page, "In Contact");
  await expect(card(fresh, `Ada ${t}`)).toBeVisible();
  await expect(fresh.getByTestId("column-count")).toHaveText("3 leads");
  await expect(fresh.getByTestId("column-total")).toHaveText("$470.00");
  await expectNoAxeViolations(page);

  // The mouse: press on the handle, move over In Contact, let go.
  const handle = page.getByRole("button", { name: `Drag Ada ${t}` });
  const from = (await handle.boundingBox())!;
  const to = (await contact.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
  await page.mouse.up();
  await expect(card(contact, `Ada ${t}`)).toBeVisible();
  await expect.poll(() => storedLead(mouseId!).lead_status).toBe("contacted");

  // The keyboard: Space picks the card up, each arrow press moves it 25 pixels, Space drops it.
  const keyHandle = page.getByRole("button", { name: `Drag Ben ${t}` });
  const keyFrom = (await keyHandle.boundingBox())!;
  const presses = Math.ceil((to.x + to.width / 2 - (keyFrom.x + keyFrom.width / 2)) / 25);
  await keyHandle.focus();
  await page.keyboard.press("Space");
  for (let i = 0; i < presses; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Space");
  await expect(card(contact, `Ben ${t}`)).toBeVisible();
  await expect.poll(() => storedLead(keyboardId!).lead_status).toBe("contacted");

  // Move to…, the way that needs no dragging.
  await page.getByRole("button", { name: `Move Cy ${t} to…` }).click();
  await page.getByRole("menuitem", { name: "Lost" }).click();
  await expect(card(column(page, "Lost"), `Cy ${t}`)).toBeVisible();
  await expect.poll(() => storedLead(menuId!).lead_status).toBe("lost");

  await page.reload();
  await expect(card(contact, `Ada ${t}`)).toBeVisible();
  await expect(card(contact, `Ben ${t}`)).toBeVisible();
  await expect(card(column(page, "Lost"), `Cy ${t}`)).toBeVisible();
  await expect(contact.getByTestId("column-count")).toHaveText("2 leads");
  await expect(contact.getByTestId("column-total")).toHaveText("$420.00");
  await expect(fresh.getByTestId("column-count")).toHaveText("0 leads");
});

/** A refunded payment of the lead, as a refund from Finance leaves it. */
function refundPayment(quoteId: string) {
  const db = openServerDatabase({ write: true });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `insert into payments (id, quote_id, amount_cents, provider, status, created_at, updated_at,
        paid_at, refunded_at)
       values (?, ?, 20000, 'test', 'refunded', ?, ?, ?, ?)`,
    ).run(randomUUID(), quoteId, at, at, at, at);
  } finally {
    db.close();
  }
}

test("the Booked column sums only live bookings and says so", async ({ page, signInAs }) => {
  await signInAs("staff");
  const t = tag();
  const [, , refunded] = addLeads([
    { name: `Kai ${t}`, leadStatus: "booked", totalCents: 30000 },
    { name: `Lou ${t}`, leadStatus: "booked", status: "cancelled", totalCents: 20000 },
    { name: `Max ${t}`, leadStatus: "booked", totalCents: 45000 },
  ]);
  refundPayment(refunded!);
  await page.goto(`/admin/quotes?view=board&q=${t}`);
  const booked = column(page, "Booked");
  // Every card is there; only Kai's booking is still live.
  await expect(booked.getByTestId("column-count")).toHaveText("3 leads");
  await expect(booked.getByTestId("column-total-label")).toHaveText("Live bookings total");
  await expect(booked.getByTestId("column-total")).toHaveText("$300.00");
  await expect(booked).toContainText("leaving out cancelled and refunded quotes");
  await expect(column(page, "New Leads").getByTestId("column-total-label")).toHaveText(
    "Live quotes total",
  );
  await expectNoAxeViolations(page);
});

test("a deleted lead goes, and Undo brings it back", async ({ page, signInAs }) => {
  await signInAs("staff");
  const t = tag();
  const [id] = addLeads([{ name: `Dee ${t}` }]);
  await gotoReady(page, `/admin/quotes?view=list&q=${t}`);
  const table = page.getByRole("table", { name: "Leads" });
  await page.getByRole("button", { name: `Actions for Dee ${t}` }).click();
  await expect(page.getByRole("menuitem", { name: "Email" })).toHaveAttribute(
    "href",
    /^mailto:.*\?subject=Your%20cleaning%20quote%20HG-/,
  );
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete lead" }).click();

  const toast = page
    .getByRole("region", { name: "Messages (F8)" })
    .getByRole("listitem")
    .filter({ hasText: `Lead for Dee ${t} deleted` });
  await expect(toast).toBeVisible();
  await expect(page.getByText("No quotes found matching your criteria")).toBeVisible();
  expect(storedLead(id!).deleted_at).not.toBeNull();

  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(table.getByRole("button", { name: `Dee ${t}`, exact: true })).toBeVisible();
  expect(storedLead(id!).deleted_at).toBeNull();
});

test("a lead's details open by their own link and from the list, with notes kept", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  const t = tag();
  const [id] = addLeads([
    {
      name: `Eve ${t}`,
      phone: "0400 111 222",
      serviceType: "post-construction",
      status: "pending_quote",
      totalCents: null,
      spaceDetails: { type: "house", squareFootage: 220, cleanType: "final_clean" },
    },
  ]);
  await page.goto(`/admin/quotes/${id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Quote details: Eve ${t}` }),
  ).toBeVisible();
  await expect(page.getByText("220 m²")).toBeVisible();
  await expect(page.getByText("Final clean")).toBeVisible();
  await expect(page.getByText("Lead created (website)")).toBeVisible();
  await expect(page.getByText("Post-construction request", { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page
    .getByLabel("Notes")
    .fill("Builder's dust on every surface; keys with the site manager.");
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Notes")).toHaveValue(
    "Builder's dust on every surface; keys with the site manager.",
  );
  expect(storedLead(id!).staff_notes).toContain("Builder's dust");
  await expect(page.getByText("Staff notes edited")).toBeVisible();

  await gotoReady(page, `/admin/quotes?view=list&q=${t}`);
  await page.getByRole("button", { name: `Actions for Eve ${t}` }).click();
  await page.getByRole("menuitem", { name: "Manage" }).click();
  const dialog = page.getByRole("dialog", { name: `Quote details: Eve ${t}` });
  await expect(dialog.getByText("220 m²")).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toBeHidden();
});

test("a move the database refuses goes back, with a message staff can dismiss", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  // The refused save answers 500, which is this test's point.
  browserProblems.allow(/\/admin\/quotes/);
  await signInAs("staff");
  const t = tag();
  const [id] = addLeads([{ name: `Fay ${t}` }]);
  const trigger = `e2e_refuse_move_${randomBytes(4).toString("hex")}`;
  const db = openServerDatabase({ write: true });
  db.exec(
    `create trigger ${trigger} before update of lead_status on quotes when new.id = '${id}'
     begin select raise(abort, 'e2e: storage refused'); end`,
  );
  db.close();
  try {
    await gotoReady(page, `/admin/quotes?view=board&q=${t}`);
    await page.getByRole("button", { name: `Move Fay ${t} to…` }).click();
    await page.getByRole("menuitem", { name: "Qualified" }).click();
    const problem = page.getByRole("alert").filter({ hasText: "could not be moved" });
    await expect(problem).toBeVisible();
    // The failure is said once, with the lead it is about.
    await expect(problem).toContainText(
      `The lead could not be moved. It is back where it was. (Fay ${t})`,
    );
    await expect(card(column(page, "New Leads"), `Fay ${t}`)).toBeVisible();
    expect(storedLead(id!).lead_status).toBe("new");
    await problem.getByRole("button", { name: "Dismiss" }).click();
    await expect(problem).toBeHidden();
  } finally {
    const cleanup = openServerDatabase({ write: true });
    cleanup.exec(`drop trigger if exists ${trigger}`);
    cleanup.close();
  }
});
