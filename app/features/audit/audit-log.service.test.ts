import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { insertCleaners } from "../cleaners/cleaner.test-data";
import { detailLines, getAuditLog, readAuditScreen } from "./audit-log.service.server";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: the owners' audit screen
// pages by keyset, newest first, and filters by action, who, Sydney dates and the thing changed.

const OWNER = "staff-owner";
const STAFF = "staff-sam";

describe.each(testDialects)("the audit log screen on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    const at = "2026-11-01T00:00:00.000Z";
    for (const [id, name, role] of [
      [OWNER, "Olive Owner", "owner"],
      [STAFF, "Sam Staff", "staff"],
    ] as const) {
      await database.db
        .insertInto("staff_users")
        .values({
          id,
          email: `${id}@example.com`,
          name,
          password_hash: "x",
          created_at: at,
          updated_at: at,
          role,
        })
        .execute();
    }
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function record(
    id: string,
    createdAt: string,
    fields: { action?: string; actor?: string; subjectType?: string; subjectId?: string } = {},
  ) {
    await insertAuditEntry(database.db, {
      id,
      actor_type: "staff",
      actor_id: fields.actor ?? OWNER,
      action: fields.action ?? "cleaner.details_changed",
      subject_type: fields.subjectType ?? "cleaner",
      subject_id: fields.subjectId ?? "cleaner-1",
      details: JSON.stringify({ fields: ["phone"] }),
      ip: "203.0.113.9",
      created_at: createdAt,
    });
  }

  test("pages go back in time without repeating or skipping a row, even when many share a moment", async () => {
    // Seven rows at one instant between rows at others: a cursor on the time alone would lose them.
    const same = "2026-11-20T01:00:00.000Z";
    const times = [
      "2026-11-20T00:00:00.000Z",
      "2026-11-20T00:01:00.000Z",
      "2026-11-20T00:02:00.000Z",
      ...Array.from({ length: 7 }, () => same),
      "2026-11-20T02:00:00.000Z",
      "2026-11-20T02:01:00.000Z",
    ];
    const ids: string[] = [];
    for (const [index, at] of times.entries()) {
      const id = `entry-${String(index).padStart(2, "0")}`;
      ids.push(id);
      await record(id, at);
    }
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await getAuditLog(database.db, { before }, { limit: 5 });
      if (!page.ok) throw new Error("refused");
      seen.push(...page.entries.map((entry) => entry.id));
      before = page.nextCursor ?? undefined;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...ids].sort());
    // Newest first; among equal moments, the later id first.
    expect(seen).toEqual([
      "entry-11",
      "entry-10",
      "entry-09",
      "entry-08",
      "entry-07",
      "entry-06",
      "entry-05",
      "entry-04",
      "entry-03",
      "entry-02",
      "entry-01",
      "entry-00",
    ]);
  });

  test("each entry says when in Sydney, who, the action in words, what it touched and its details", async () => {
    const [cleanerId] = (await insertCleaners(database.db, [{ name: "Mei Lin Chen" }])) as [string];
    await record("one", "2026-11-20T23:30:00.000Z", { subjectId: cleanerId });
    const page = await getAuditLog(database.db, {});
    expect(page.ok && page.entries).toEqual([
      {
        id: "one",
        at: { iso: "2026-11-20T23:30:00.000Z", label: "Sat, 21 Nov 2026, 10:30:00 AM" },
        who: "Olive Owner",
        action: "cleaner.details_changed",
        actionLabel: "Cleaner's contact details changed",
        subject: { label: "Cleaner Mei Lin Chen", href: `/admin/cleaners/${cleanerId}` },
        details: ["Fields: phone"],
      },
    ]);
  });

  test("action, who, Sydney dates and the thing changed each narrow the page", async () => {
    await record("a", "2026-11-10T01:00:00.000Z", { action: "cleaner.status_changed" });
    await record("b", "2026-11-11T01:00:00.000Z", { actor: STAFF });
    // 10:30 on 12 November in Sydney, though still the 11th in UTC.
    await record("c", "2026-11-11T23:30:00.000Z", { subjectId: "cleaner-2" });
    await record("d", "2026-11-13T01:00:00.000Z", {
      action: "lead.status_changed",
      subjectType: "quote",
      subjectId: "quote-9",
    });
    const ids = async (filter: Parameters<typeof getAuditLog>[1]) => {
      const page = await getAuditLog(database.db, filter);
      return page.ok ? page.entries.map((entry) => entry.id) : page.fieldErrors;
    };
    expect(await ids({ action: "cleaner.status_changed" })).toEqual(["a"]);
    expect(await ids({ who: STAFF })).toEqual(["b"]);
    expect(await ids({ from: "2026-11-12", to: "2026-11-12" })).toEqual(["c"]);
    expect(await ids({ from: "2026-11-11" })).toEqual(["d", "c", "b"]);
    expect(await ids({ subject: "quote-9" })).toEqual(["d"]);
    expect(await ids({ subject: "cleaner-1", who: OWNER })).toEqual(["a"]);
    expect(await ids({ who: "someone-else" })).toEqual({
      who: "Please choose someone from the list.",
    });
  });

  test("a filter that is not one is answered beside its field, and lists nothing", async () => {
    await record("a", "2026-11-10T01:00:00.000Z");
    const screen = await readAuditScreen(
      database.db,
      new URLSearchParams({ from: "2026-11-20", to: "2026-11-02", action: "DROP TABLE" }),
    );
    expect(screen).toMatchObject({
      ok: false,
      fieldErrors: {
        action: "Please choose an action from the list.",
        to: "The end date must be on or after the start date.",
      },
      values: { from: "2026-11-20", to: "2026-11-02", action: "DROP TABLE" },
    });
    expect("entries" in screen).toBe(false);
  });
});

describe("an entry's details", () => {
  test("secrets and personal data are left out, the rest is in words", () => {
    expect(
      detailLines(
        JSON.stringify({
          from: "offline",
          to: "available",
          account: "ab12",
          tokenHash: "f00",
          email: "x@example.com",
          fields: ["bsb", "accountNumber"],
        }),
      ),
    ).toEqual(["From: offline", "To: available", "Fields: bsb, accountNumber"]);
    expect(detailLines("not json")).toEqual([]);
    expect(detailLines(null)).toEqual([]);
  });
});
