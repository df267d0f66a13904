import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { readContactInboxFilter } from "./contact-inbox";
import {
  changeContactMessageStatus,
  countOpenMessages,
  listContactMessages,
} from "./contact-inbox.service.server";
import { sendContactMessage } from "./contact.service.server";

const STAFF = { staffId: "staff-1", ip: "203.0.113.9" };

const message = (
  firstName: string,
  text: string,
  email = `${firstName.toLowerCase()}@example.com`,
) => ({
  firstName,
  lastName: "Smith",
  email,
  phone: "0491 570 156",
  message: text,
});

const filter = (query: string) => readContactInboxFilter(new URLSearchParams(query));

const statusForm = (id: string, status: string) =>
  new URLSearchParams({ intent: "set-status", id, status });

describe.each(testDialects)("the contact messages' inbox on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** Sends messages one minute apart, oldest first; returns their ids in that order. */
  async function send(...messages: ReturnType<typeof message>[]) {
    const ids: string[] = [];
    for (const [index, each] of messages.entries()) {
      const now = new Date(Date.UTC(2026, 10, 20, 1, index));
      ids.push((await sendContactMessage(database.db, each, { now })).id);
    }
    return ids;
  }

  test("lists every message newest first, each open until handled", async () => {
    await send(message("Olivia", "First question"), message("Noah", "Second question"));
    const page = await listContactMessages(database.db, filter(""));
    expect(page.messages.map((each) => [each.name, each.status, each.receivedAt])).toEqual([
      ["Noah Smith", "open", "2026-11-20T01:01:00.000Z"],
      ["Olivia Smith", "open", "2026-11-20T01:00:00.000Z"],
    ]);
    expect(page).toMatchObject({ next: null, anyMessages: true });
    expect(await countOpenMessages(database.db)).toBe(2);
  });

  test("an empty inbox says there is nothing at all, a search with no match says so", async () => {
    expect(await listContactMessages(database.db, filter(""))).toEqual({
      messages: [],
      next: null,
      anyMessages: false,
    });
    await send(message("Olivia", "Hello"));
    expect(await listContactMessages(database.db, filter("q=zzz"))).toMatchObject({
      messages: [],
      anyMessages: true,
    });
  });

  test("pages follow each other without a gap or a repeat, even with equal times", async () => {
    const ids = await send(
      message("Ava", "a"),
      message("Ben", "b"),
      message("Cleo", "c"),
      message("Dan", "d"),
      message("Eve", "e"),
    );
    // Two more at the very same moment as the newest, so the id has to break the tie.
    const now = new Date(Date.UTC(2026, 10, 20, 1, 4));
    await sendContactMessage(database.db, message("Finn", "f"), { now });
    await sendContactMessage(database.db, message("Gus", "g"), { now });

    const seen: string[] = [];
    let after: string | null = "";
    while (after !== null) {
      const page = await listContactMessages(database.db, filter(`after=${after}`), 2);
      seen.push(...page.messages.map((each) => each.id));
      expect(page.messages.length).toBeLessThanOrEqual(2);
      after = page.next;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(3)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
  });

  test("search finds a message by name, email or its words, in any case, % taken literally", async () => {
    await send(
      message("Olivia", "Fortnightly clean in Paddington?"),
      message("Noah", "Is 100% eco product used?", "noah@harbourview.example"),
      message("Mia", "End of lease in Bondi"),
    );
    const names = async (query: string) =>
      (await listContactMessages(database.db, filter(query))).messages.map((each) => each.name);
    expect(await names("q=olivia")).toEqual(["Olivia Smith"]);
    expect(await names("q=HARBOURVIEW")).toEqual(["Noah Smith"]);
    expect(await names("q=paddington")).toEqual(["Olivia Smith"]);
    expect(await names("q=100%25")).toEqual(["Noah Smith"]);
    expect(await names("q=0%25")).toEqual(["Noah Smith"]);
    expect(await names("q=smith")).toEqual(["Mia Smith", "Noah Smith", "Olivia Smith"]);
  });

  test("marking handled and reopening move the message between views, each step audited", async () => {
    const [olivia, noah] = await send(message("Olivia", "One"), message("Noah", "Two"));
    const handled = await changeContactMessageStatus(
      database.db,
      statusForm(olivia!, "handled"),
      STAFF,
      new Date("2026-11-21T00:00:00Z"),
    );
    expect(handled).toEqual({ ok: true, status: "handled", changed: true });

    const names = async (query: string) =>
      (await listContactMessages(database.db, filter(query))).messages.map((each) => each.id);
    expect(await names("status=open")).toEqual([noah]);
    expect(await names("status=handled")).toEqual([olivia]);
    expect(await countOpenMessages(database.db)).toBe(1);
    const [row] = (await listContactMessages(database.db, filter("status=handled"))).messages;
    expect(row).toMatchObject({ status: "handled", handledAt: "2026-11-21T00:00:00.000Z" });

    // Marking it again changes nothing and writes no second entry.
    expect(
      await changeContactMessageStatus(database.db, statusForm(olivia!, "handled"), STAFF),
    ).toEqual({ ok: true, status: "handled", changed: false });
    expect(
      await changeContactMessageStatus(database.db, statusForm(olivia!, "open"), STAFF),
    ).toEqual({ ok: true, status: "open", changed: true });
    expect(await countOpenMessages(database.db)).toBe(2);

    const audit = await database.db
      .selectFrom("audit_log")
      .select(["actor_id", "action", "details", "ip"])
      .where("subject_id", "=", olivia!)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details!))).toEqual([
      { from: "open", to: "handled" },
      { from: "handled", to: "open" },
    ]);
    expect(audit[0]).toMatchObject({
      actor_id: "staff-1",
      action: "contact_message.status_changed",
      ip: "203.0.113.9",
    });
  });

  test("an unknown message or status is refused with a message, nothing changed", async () => {
    await send(message("Olivia", "One"));
    expect(
      await changeContactMessageStatus(database.db, statusForm("nope", "handled"), STAFF),
    ).toEqual({ ok: false, kind: "not_found", message: "That message no longer exists." });
    const bad = await changeContactMessageStatus(database.db, statusForm("x", "closed"), STAFF);
    expect(bad).toMatchObject({ ok: false, kind: "invalid", message: "Choose open or handled." });
    expect(await countOpenMessages(database.db)).toBe(1);
  });
});
