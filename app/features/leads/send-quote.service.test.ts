import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { findQuoteResult } from "~/features/quote/quote.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { getLeadDetails } from "./lead-details.service.server";
import { SendQuoteSchema } from "./send-quote";
import { sendStaffQuote } from "./send-quote.service.server";
import { addTestLead } from "./leads.test-data";

// Send quote: a post-construction or subscription request is priced by staff, moves
// pending_quote/new to pending/contacted (docs/decisions/0027-lead-lifecycle.md), and the client
// is emailed a link to the quote result page, where the stored total shows.

const staff = { type: "staff", id: "staff-1" } as const;
const publicUrl = "https://harbourandgold.test";
const notPending = {
  kind: "conflict",
  status: 409,
  message: "This lead is no longer waiting for a quote.",
};

describe.each(testDialects)("sending a staff quote on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const emailsTo = (quoteId: string) =>
    database.db
      .selectFrom("outbox_messages")
      .select(["topic", "payload"])
      .where("subject_id", "=", quoteId)
      .where("kind", "=", "email")
      .execute();

  test("prices the request, moves it to pending and contacted, emails the link, once", async () => {
    const { db } = database;
    const id = await addTestLead(db, {
      name: "Ava Builder",
      email: "ava@site.example",
      reference: "HG-PCQUOTE234",
      serviceType: "post-construction",
      status: "pending_quote",
      totalCents: null,
    });

    const send = (totalCents: number | null) =>
      sendStaffQuote(db, {
        quoteId: id,
        hours: 12.5,
        totalCents,
        message: "Two cleaners for a full day after the renovation.",
        actor: staff,
        publicUrl,
      });
    expect(await send(98000)).toEqual({ ok: true });
    expect(refusal(await send(1))).toEqual(notPending);

    const quote = await db
      .selectFrom("quotes")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(quote).toMatchObject({ status: "pending", lead_status: "contacted" });
    expect(Number(quote.estimated_hours)).toBe(12.5);
    expect(Number(quote.total_cents)).toBe(98000);

    const result = await findQuoteResult(db, "HG-PCQUOTE234");
    expect(result).toMatchObject({ hours: 12.5, totalCents: 98000 });

    const emails = await emailsTo(id);
    expect(emails).toHaveLength(1);
    const payload = JSON.parse(emails[0]!.payload) as { to: string; subject: string; text: string };
    expect(payload.to).toBe("ava@site.example");
    expect(payload.subject).toBe("Your quote HG-PCQUOTE234: $980.00");
    expect(payload.text).toContain(`${publicUrl}/quote-result?ref=HG-PCQUOTE234`);
    expect(payload.text).toContain("Two cleaners for a full day after the renovation.");

    const details = await getLeadDetails(db, id);
    const titles = details!.timeline.map((entry) => entry.title);
    expect(titles).toContain("Moved from New Leads to In Contact");
    expect(titles.some((t) => t.startsWith("Quote sent"))).toBe(true);
  });

  test("without a total the stored total is hours at the hourly rate; other leads are refused", async () => {
    const { db } = database;
    const id = await addTestLead(db, {
      serviceType: "subscription",
      status: "pending_quote",
      totalCents: null,
    });
    const priced = await addTestLead(db, { status: "pending" });
    const input = { hours: 3, totalCents: null, message: "Weekly", actor: staff, publicUrl };
    expect(await sendStaffQuote(db, { ...input, quoteId: id })).toEqual({ ok: true });
    const row = await db
      .selectFrom("quotes")
      .select(["total_cents", "hourly_rate_cents"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(row.total_cents)).toBe(3 * Number(row.hourly_rate_cents));
    const refused = async (quoteId: string) =>
      refusal(await sendStaffQuote(db, { ...input, quoteId }));
    expect(await refused(priced)).toEqual(notPending);
    expect(await refused("no-such-lead")).toEqual({
      kind: "not_found",
      status: 404,
      message: "That lead no longer exists.",
    });
    expect(await emailsTo(priced)).toHaveLength(0);
  });
});

describe("the send quote form's rules", () => {
  const parse = (values: Record<string, string>) =>
    SendQuoteSchema.safeParse({ intent: "send-quote", message: "Hello", ...values });
  test("hours in half hours from 1 to 40, an optional total in dollars, a message", () => {
    expect(parse({ hours: "2.5", total: "" }).data).toMatchObject({ hours: 2.5, total: null });
    expect(parse({ hours: "4", total: "$1,450.50" }).data).toMatchObject({ total: 145050 });
    expect(parse({ hours: "2.25" }).success).toBe(false);
    expect(parse({ hours: "0" }).success).toBe(false);
    expect(parse({ hours: "" }).success).toBe(false);
    expect(parse({ hours: "3", total: "abc" }).success).toBe(false);
    expect(parse({ hours: "3", message: "  " }).success).toBe(false);
  });
});
