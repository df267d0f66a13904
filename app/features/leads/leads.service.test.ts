import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getLeadDetails, saveStaffNotes } from "./lead-details.service.server";
import { LEAD_STATUS_CHANGED } from "./lead-status.server";
import { LeadFilterSchema, type LeadFilter } from "./leads";
import {
  changeLeadStatus,
  getBoard,
  LIST_PAGE_SIZE,
  listLeads,
  moveLead,
  searchTerm,
  setLeadDeleted,
} from "./leads.service.server";
import { addTestLead, addTestPayment } from "./leads.test-data";

const staff = { type: "staff", id: "staff-1" } as const;
const filter = (values: Record<string, string> = {}): LeadFilter => LeadFilterSchema.parse(values);

describe.each(testDialects)("the leads list and board on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const names = async (values: Record<string, string>) =>
    (await listLeads(database.db, filter(values))).leads.map((lead) => lead.name);

  test("search finds a lead by part of its name, email, phone digits or reference", async () => {
    const { db } = database;
    await addTestLead(db, {
      name: "Olivia Nguyen",
      email: "olivia@harbour.example",
      phone: "0412 345 678",
      reference: "HG-7QX2ZP",
    });
    await addTestLead(db, {
      name: "Jack Smith",
      email: "jack@bondi.example",
      phone: "(02) 9876 5432",
      reference: "HG-AB12CD",
    });

    expect(await names({ q: "nguy" })).toEqual(["Olivia Nguyen"]);
    expect(await names({ q: "OLIVIA" })).toEqual(["Olivia Nguyen"]);
    expect(await names({ q: "bondi.ex" })).toEqual(["Jack Smith"]);
    expect(await names({ q: "4123" })).toEqual(["Olivia Nguyen"]);
    expect(await names({ q: "9876 54" })).toEqual(["Jack Smith"]);
    expect(await names({ q: "hg-ab12" })).toEqual(["Jack Smith"]);
    expect(await names({ q: "nobody here" })).toEqual([]);
  });

  test("search follows a lead's edits and forgets deleted leads", async () => {
    const { db } = database;
    const id = await addTestLead(db, { name: "Ava Brown" });
    await db.updateTable("quotes").set({ client_name: "Ava Green" }).where("id", "=", id).execute();
    expect(await names({ q: "brown" })).toEqual([]);
    expect(await names({ q: "green" })).toEqual(["Ava Green"]);
    await setLeadDeleted(db, { quoteId: id, deleted: true, actor: staff });
    expect(await names({ q: "green" })).toEqual([]);
  });

  test("filters by status, lead status and request type, each alone or together", async () => {
    const { db } = database;
    await addTestLead(db, { name: "A", status: "pending", leadStatus: "new" });
    await addTestLead(db, { name: "B", status: "assigned", leadStatus: "booked" });
    await addTestLead(db, {
      name: "C",
      status: "pending_quote",
      serviceType: "post-construction",
      totalCents: null,
    });
    await addTestLead(db, { name: "D", status: "pending_quote", serviceType: "subscription" });

    expect(await names({ status: "assigned" })).toEqual(["B"]);
    expect(await names({ lead: "new" })).toEqual(["D", "C", "A"]);
    expect(await names({ type: "post-construction" })).toEqual(["C"]);
    expect(await names({ type: "subscription", status: "pending_quote" })).toEqual(["D"]);
    expect(await names({ status: "nonsense" })).toEqual(["D", "C", "B", "A"]);
    const [post] = (await listLeads(db, filter({ type: "post-construction" }))).leads;
    expect(post).toMatchObject({ requestLabel: "Post-construction", total: null });
  });

  test("keyset pages walk the whole list down and back up without gaps or repeats", async () => {
    const { db } = database;
    // Two leads share each creation time, so the id breaks ties.
    for (let i = 0; i < LIST_PAGE_SIZE + 10; i++) {
      const at = new Date(Date.UTC(2026, 9, 1, Math.floor(i / 2))).toISOString();
      await addTestLead(db, { name: `Lead ${i}`, at });
    }
    const first = await listLeads(db, filter());
    expect(first.leads).toHaveLength(LIST_PAGE_SIZE);
    expect(first.previousCursor).toBeNull();
    const second = await listLeads(db, filter({ after: first.nextCursor! }));
    expect(second.leads).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    const all = [...first.leads, ...second.leads].map((lead) => lead.id);
    expect(new Set(all).size).toBe(LIST_PAGE_SIZE + 10);
    const back = await listLeads(db, filter({ before: second.previousCursor! }));
    expect(back.leads.map((lead) => lead.id)).toEqual(first.leads.map((lead) => lead.id));
    expect(back.previousCursor).toBeNull();
  });

  test("the board counts and sums every matching lead per column, not only the cards shown", async () => {
    const { db } = database;
    for (let i = 0; i < 23; i++) await addTestLead(db, { leadStatus: "new", totalCents: 10000 });
    await addTestLead(db, { leadStatus: "booked", totalCents: 25050 });
    await addTestLead(db, { leadStatus: "booked", totalCents: null, serviceType: "subscription" });
    await addTestLead(db, { leadStatus: "lost", deleted: true });

    const board = await getBoard(db, filter());
    expect(board.map((column) => [column.title, column.count, column.total])).toEqual([
      ["New Leads", 23, "$2,300.00"],
      ["In Contact", 0, "$0.00"],
      ["Qualified", 0, "$0.00"],
      ["Booked", 2, "$250.50"],
      ["Lost", 0, "$0.00"],
    ]);
    expect(board[0]!.cards).toHaveLength(20);
    const subscriptions = await getBoard(db, filter({ type: "subscription" }));
    expect(subscriptions.map((column) => column.count)).toEqual([0, 0, 0, 1, 0]);
    const searched = await getBoard(db, filter({ q: "Client" }));
    expect(searched.map((column) => column.count)).toEqual([23, 0, 0, 2, 0]);
  });

  test("a column's sum counts only live leads: not cancelled, not refunded (docs/decisions/0044-figures-by-permission.md)", async () => {
    const { db } = database;
    const live = await addTestLead(db, { leadStatus: "booked", totalCents: 25_050 });
    const cancelled = await addTestLead(db, {
      leadStatus: "booked",
      status: "cancelled",
      totalCents: 30_000,
    });
    const refunded = await addTestLead(db, { leadStatus: "booked", totalCents: 20_000 });
    await addTestPayment(db, refunded, "refunded");
    // Refunded once, then paid again: live.
    const repaid = await addTestLead(db, { leadStatus: "booked", totalCents: 10_000 });
    await addTestPayment(db, repaid, "refunded");
    await addTestPayment(db, repaid, "paid");
    await addTestPayment(db, live, "paid");
    await addTestLead(db, { leadStatus: "lost", status: "cancelled", totalCents: 5_000 });
    await addTestLead(db, { leadStatus: "lost", totalCents: 7_000 });

    const summary = (board: Awaited<ReturnType<typeof getBoard>>) =>
      board.map((column) => [column.title, column.count, column.total, column.totalLabel]);
    const expected = [
      ["New Leads", 0, "$0.00", "Live quotes total"],
      ["In Contact", 0, "$0.00", "Live quotes total"],
      ["Qualified", 0, "$0.00", "Live quotes total"],
      ["Booked", 4, "$350.50", "Live bookings total"],
      ["Lost", 2, "$70.00", "Live quotes total"],
    ];
    expect(summary(await getBoard(db, filter()))).toEqual(expected);
    // A search sums the matching leads itself, by the same rule.
    expect(summary(await getBoard(db, filter({ q: "Client" })))).toEqual(expected);
    // Filtered to cancelled quotes, the cards are there and nothing is live.
    const onlyCancelled = await getBoard(db, filter({ status: "cancelled" }));
    expect(onlyCancelled.map((column) => [column.count, column.total])).toEqual([
      [0, "$0.00"],
      [0, "$0.00"],
      [0, "$0.00"],
      [1, "$0.00"],
      [1, "$0.00"],
    ]);

    // Each card says whether it counts, so a card dragged elsewhere moves only a live total.
    const booked = (await getBoard(db, filter()))[3]!.cards;
    const counts = new Map(booked.map((card) => [card.id, card.inColumnTotal]));
    expect(Object.fromEntries(counts)).toEqual({
      [live]: true,
      [cancelled]: false,
      [refunded]: false,
      [repaid]: true,
    });
  });

  test("a part refund comes off the column's sum and off what its card carries to another column", async () => {
    const { db } = database;
    const partly = await addTestLead(db, { leadStatus: "booked", totalCents: 45_000 });
    await addTestPayment(db, partly, "paid");
    await db
      .updateTable("payments")
      .set({ refunded_cents: 7_500 })
      .where("quote_id", "=", partly)
      .execute();
    await addTestLead(db, { leadStatus: "booked", totalCents: 10_000 });

    for (const search of [undefined, "Client"]) {
      const booked = (await getBoard(db, filter(search ? { q: search } : {})))[3]!;
      expect([booked.count, booked.total]).toEqual([2, "$475.00"]);
      const card = booked.cards.find((candidate) => candidate.id === partly)!;
      expect([card.inColumnTotal, card.columnCents]).toEqual([true, 37_500]);
    }
  });

  test("a move is a compare-and-set with one audit entry, shown on the board and the timeline", async () => {
    const { db } = database;
    const id = await addTestLead(db, { name: "Mia", totalCents: 12000 });
    const at = new Date("2026-11-20T01:00:00.000Z");
    expect(await moveLead(db, { quoteId: id, to: "contacted", actor: staff, at })).toEqual({
      ok: true,
      changed: true,
      name: "Mia",
    });
    expect(await moveLead(db, { quoteId: id, to: "contacted", actor: staff, at })).toEqual({
      ok: true,
      changed: false,
      name: "Mia",
    });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "details", "created_at"])
      .where("subject_id", "=", id)
      .execute();
    expect(audit).toEqual([
      {
        action: LEAD_STATUS_CHANGED,
        actor_id: "staff-1",
        details: JSON.stringify({ from: "new", to: "contacted" }),
        created_at: at.toISOString(),
      },
    ]);
    const board = await getBoard(db, filter());
    expect(board[1]).toMatchObject({ title: "In Contact", count: 1, total: "$120.00" });
    const details = await getLeadDetails(db, id);
    expect(details?.timeline.map((entry) => entry.title)).toContain(
      "Moved from New Leads to In Contact",
    );
  });

  test("moves in a row each record the step they made; a missing lead is not found", async () => {
    const { db } = database;
    const id = await addTestLead(db);
    const at = new Date("2026-11-20T01:00:00.000Z");
    await db.transaction().execute(async (trx) => {
      await changeLeadStatus(trx, { quoteId: id, to: "qualified", actor: staff, at });
      await changeLeadStatus(trx, { quoteId: id, to: "lost", actor: staff, at });
    });
    const details = await db
      .selectFrom("audit_log")
      .select("details")
      .where("subject_id", "=", id)
      .orderBy("id")
      .execute();
    expect(
      details.map((row) => JSON.parse(row.details!)).sort((a, b) => a.to.localeCompare(b.to)),
    ).toEqual([
      { from: "qualified", to: "lost" },
      { from: "new", to: "qualified" },
    ]);
    expect(await moveLead(db, { quoteId: "missing", to: "lost", actor: staff })).toEqual({
      ok: false,
      kind: "not_found",
      message: "That lead no longer exists.",
    });
  });

  test("a deleted lead leaves the list, board and details, and Undo brings it back", async () => {
    const { db } = database;
    const id = await addTestLead(db, { name: "Noah", totalCents: 20000 });
    expect(await setLeadDeleted(db, { quoteId: id, deleted: true, actor: staff })).toEqual({
      ok: true,
      changed: true,
      name: "Noah",
    });
    expect(await names({})).toEqual([]);
    expect((await getBoard(db, filter()))[0]).toMatchObject({ count: 0, total: "$0.00" });
    expect(await getLeadDetails(db, id)).toBeNull();
    expect(await moveLead(db, { quoteId: id, to: "lost", actor: staff })).toEqual({
      ok: false,
      kind: "not_found",
      message: "That lead no longer exists.",
    });

    expect(await setLeadDeleted(db, { quoteId: id, deleted: false, actor: staff })).toEqual({
      ok: true,
      changed: true,
      name: "Noah",
    });
    expect(await names({})).toEqual(["Noah"]);
    expect((await getBoard(db, filter()))[0]).toMatchObject({ count: 1, total: "$200.00" });
    const actions = await db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual(["lead.deleted", "lead.restored"]);
  });

  test("staff notes are saved, audited, and shown in the details; a blank note clears them", async () => {
    const { db } = database;
    const id = await addTestLead(db);
    expect(
      await saveStaffNotes(db, {
        quoteId: id,
        notes: "Gate code 1234. Dog friendly.",
        actor: staff,
      }),
    ).toEqual({ ok: true, changed: true });
    expect(
      await saveStaffNotes(db, {
        quoteId: id,
        notes: "Gate code 1234. Dog friendly.",
        actor: staff,
      }),
    ).toEqual({ ok: true, changed: false });
    expect((await getLeadDetails(db, id))?.staffNotes).toBe("Gate code 1234. Dog friendly.");
    expect(await saveStaffNotes(db, { quoteId: id, notes: "", actor: staff })).toEqual({
      ok: true,
      changed: true,
    });
    const details = await getLeadDetails(db, id);
    expect(details?.staffNotes).toBe("");
    expect(details?.timeline.filter((entry) => entry.title === "Staff notes edited")).toHaveLength(
      2,
    );
    expect(await saveStaffNotes(db, { quoteId: "missing", notes: "x", actor: staff })).toEqual({
      ok: false,
      kind: "not_found",
      message: "That lead no longer exists.",
    });
  });

  test("details put the space into words and flag an overdue staff quote on its card", async () => {
    const { db } = database;
    const id = await addTestLead(db, {
      serviceType: "post-construction",
      status: "pending_quote",
      totalCents: null,
      at: new Date(Date.now() - 21 * 60 * 60 * 1000).toISOString(),
      spaceDetails: { type: "house", squareFootage: 180, cleanType: "final_clean", images: ["x"] },
    });
    const details = await getLeadDetails(db, id);
    expect(details?.space).toEqual([
      { label: "Space", value: "house" },
      { label: "Floor area", value: "180 m²" },
      { label: "Type of clean", value: "Final clean" },
    ]);
    expect(details?.total).toBeNull();
    const [card] = (await listLeads(db, filter())).leads;
    expect(card?.quoteOverdue).toBe(true);
  });
});

describe("search terms", () => {
  test("a phone number as typed becomes its digits; LIKE wildcards are dropped", () => {
    expect(searchTerm("0412 345")).toBe("0412345");
    expect(searchTerm("(02) 9876")).toBe("029876");
    expect(searchTerm(" Smith% ")).toBe("Smith");
    expect(searchTerm("   ")).toBeUndefined();
  });
});
