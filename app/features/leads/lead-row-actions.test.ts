import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { insertTestOffer } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { gstOfInclusive } from "~/features/invoices/invoice";
import { getInvoice, issueInvoice } from "~/features/invoices/invoice.service.server";
import {
  openReviewRequest,
  requestReview,
  submitReview,
} from "~/features/review-requests/review-request.service.server";
import { REVIEW_TEXT } from "~/features/review-requests/review-request";
import { completeJob } from "./complete-job.server";
import { getLeadDetails } from "./lead-details.service.server";
import { invoiceLineDescription as describeLine } from "./lead-invoice-line";
import { sendLeadMessage } from "./lead-message.server";
import { addTestLead } from "./leads.test-data";

// The lead row actions on both databases: invoice numbers in sequence (also under concurrent
// issues), the GST in a total, a review link that works once, and Complete job's counters.

const staff = { type: "staff", id: null } as const;
const publicUrl = "https://clean.example";
const notAssigned = {
  kind: "conflict",
  status: 409,
  message: "Only a job with an accepted cleaner (status assigned) can be completed.",
};

describe.each(testDialects)("lead actions on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const outbox = (topic: string) =>
    database.db
      .selectFrom("outbox_messages")
      .select(["payload", "subject_id"])
      .where("topic", "=", topic)
      .execute();

  test("invoices are numbered INV-000001, INV-000002… and issuing again shows the same one", async () => {
    const { db } = database;
    const first = await addTestLead(db, { name: "Ava Brown", totalCents: 22000 });
    const second = await addTestLead(db, { name: "Jack Smith", totalCents: 15000 });

    const a = await issueInvoice(db, { quoteId: first, actor: staff, describe: describeLine });
    const b = await issueInvoice(db, { quoteId: second, actor: staff, describe: describeLine });
    expect(a).toMatchObject({ ok: true, status: "issued", number: "INV-000001" });
    expect(b).toMatchObject({ status: "issued", number: "INV-000002" });
    expect(
      await issueInvoice(db, { quoteId: first, actor: staff, describe: describeLine }),
    ).toEqual({ ok: true, status: "existing", id: a.ok ? a.id : "", number: "INV-000001" });

    // A changed price voids the old invoice and takes the next number.
    await db.updateTable("quotes").set({ total_cents: 25000 }).where("id", "=", first).execute();
    const again = await issueInvoice(db, { quoteId: first, actor: staff, describe: describeLine });
    expect(again).toMatchObject({ status: "issued", number: "INV-000003", voided: "INV-000001" });
    const old = await db
      .selectFrom("invoices")
      .select("status")
      .where("number", "=", "INV-000001")
      .executeTakeFirstOrThrow();
    expect(old.status).toBe("void");

    const emails = await outbox("invoice.issued");
    expect(emails).toHaveLength(3);
    expect(String(emails[0]!.payload)).toContain("Tax invoice INV-000001");

    const details = await getLeadDetails(db, first);
    expect(details?.timeline.map((entry) => entry.title)).toContain(
      "Invoice INV-000003 issued ($250.00)",
    );
  });

  test("an unpriced or missing lead cannot be invoiced, and takes no number", async () => {
    const { db } = database;
    const unpriced = await addTestLead(db, { totalCents: null, status: "pending_quote" });
    expect(
      refusal(await issueInvoice(db, { quoteId: unpriced, actor: staff, describe: describeLine })),
    ).toEqual({
      kind: "conflict",
      status: 409,
      message: "This lead has no price yet, so there is nothing to invoice.",
    });
    expect(
      refusal(
        await issueInvoice(db, { quoteId: "no-such-lead", actor: staff, describe: describeLine }),
      ),
    ).toEqual({ kind: "not_found", status: 404, message: "That lead no longer exists." });
    const priced = await addTestLead(db, { totalCents: 10000 });
    expect(
      await issueInvoice(db, { quoteId: priced, actor: staff, describe: describeLine }),
    ).toMatchObject({
      number: "INV-000001",
    });
  });

  test("a number already taken is passed over, and an invoice without stored details still shows", async () => {
    const { db } = database;
    const seeded = await addTestLead(db, { name: "Sam Lee", totalCents: 30000 });
    const at = new Date().toISOString();
    // As the demo seed writes them: no details, and the counter not moved on.
    await db
      .insertInto("invoices")
      .values({
        id: "seeded-invoice",
        number: "INV-000001",
        quote_id: seeded,
        amount_cents: 30000,
        gst_cents: 2727,
        status: "paid",
        issued_at: at,
        paid_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const other = await addTestLead(db, { totalCents: 10000 });
    expect(
      await issueInvoice(db, { quoteId: other, actor: staff, describe: describeLine }),
    ).toMatchObject({ status: "issued", number: "INV-000002" });
    expect(await getInvoice(db, "seeded-invoice")).toMatchObject({
      number: "INV-000001",
      paid: true,
      totalCents: 30000,
      details: { client: { name: "Sam Lee" } },
    });
    expect(await getInvoice(db, "no-such-invoice")).toBeNull();
  });

  test("twenty issues at once get twenty different numbers with no gap", async () => {
    const { db } = database;
    const quotes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => addTestLead(db, { totalCents: 10000 + index })),
    );
    // Two issues for the same quote at once still make one invoice.
    const results = await Promise.all([
      ...quotes.map((quoteId) =>
        issueInvoice(db, { quoteId, actor: staff, describe: describeLine }),
      ),
      issueInvoice(db, { quoteId: quotes[0]!, actor: staff, describe: describeLine }),
    ]);
    const numbers = results.flatMap((result) =>
      result.ok && result.status === "issued" ? [result.number] : [],
    );
    expect(numbers.sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `INV-${String(index + 1).padStart(6, "0")}`),
    );
    const rows = await db.selectFrom("invoices").select("quote_id").execute();
    expect(rows).toHaveLength(20);
  });

  test("GST is one eleventh of the GST-inclusive total, to the cent", async () => {
    expect(gstOfInclusive(22000)).toBe(2000);
    expect(gstOfInclusive(15000)).toBe(1364);
    expect(gstOfInclusive(11)).toBe(1);
    expect(gstOfInclusive(0)).toBe(0);
    const { db } = database;
    const id = await addTestLead(db, { totalCents: 15000 });
    const issued = await issueInvoice(db, { quoteId: id, actor: staff, describe: describeLine });
    if (!issued.ok || issued.status !== "issued") throw new Error("not issued");
    const invoice = await getInvoice(db, issued.id);
    expect(invoice).toMatchObject({ totalCents: 15000, gstCents: 1364, paid: false });
    expect(invoice?.details.business.abn).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/);
    expect(invoice?.details.lines).toEqual([expect.objectContaining({ amountCents: 15000 })]);
  });

  test("a review is asked for only once the job is complete", async () => {
    const { db } = database;
    const quoteId = await addTestLead(db, { name: "Ned Park", status: "assigned" });
    const asked = await db
      .transaction()
      .execute((trx) => requestReview(trx, { quoteId, actor: staff, publicUrl }));
    expect(refusal(asked)).toEqual({
      kind: "conflict",
      status: 409,
      message: "A review can be asked for once the job is complete.",
    });
    expect(await outbox("review.requested")).toEqual([]);
  });

  test("a review link works once and lands a verified review, not yet on the home page; a wrong token is refused", async () => {
    const { db } = database;
    const quoteId = await addTestLead(db, { name: "Mia Wong", status: "completed" });
    const asked = await db
      .transaction()
      .execute((trx) => requestReview(trx, { quoteId, actor: staff, publicUrl }));
    if (!asked.ok) throw new Error(asked.message);
    const [email] = await outbox("review.requested");
    expect(String(email!.payload)).toContain(`${publicUrl}/review/${asked.token}`);
    const stored = await db
      .selectFrom("review_requests")
      .select("token_hash")
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(asked.token);

    expect(await openReviewRequest(db, asked.token)).toEqual({ status: "open", firstName: "Mia" });
    expect(await openReviewRequest(db, `${asked.token.slice(0, -2)}xx`)).toEqual({
      status: "invalid",
    });
    const input = { rating: 4, comment: "Spotless kitchen.", displayName: "Mia W." };
    const both = await Promise.all([
      submitReview(db, asked.token, input),
      submitReview(db, asked.token, input),
    ]);
    const used = { ok: false, kind: "gone", message: REVIEW_TEXT.used };
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.filter((result) => !result.ok)).toEqual([used]);
    expect(await submitReview(db, asked.token, input)).toEqual(used);
    expect(await openReviewRequest(db, asked.token)).toEqual({ status: "used" });

    const reviews = await db.selectFrom("reviews").selectAll().execute();
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({
      client_name: "Mia W.",
      rating: 4,
      verified: 1,
      show_on_home: 0,
      quote_id: quoteId,
    });
  });

  test("completing an assigned job counts it for the cleaner and asks the client for a review", async () => {
    const { db } = database;
    const [cleanerId] = await insertCleaners(db, [{ completed_jobs: 7, active_bookings: 2 }]);
    const quoteId = await addTestLead(db, { status: "assigned", leadStatus: "booked" });
    await insertTestOffer(db, {
      job: { quoteId, date: "2026-12-01", timeSlot: "09:00" },
      cleanerId: cleanerId!,
      at: new Date().toISOString(),
      status: "accepted",
      previousQuoteStatus: "pending",
    });

    expect(await completeJob(db, { quoteId, actor: staff, publicUrl })).toEqual({
      ok: true,
      cleanerId,
    });
    // Twice (or concurrently) is refused: the job is no longer assigned.
    expect(refusal(await completeJob(db, { quoteId, actor: staff, publicUrl }))).toEqual(
      notAssigned,
    );

    const quote = await db
      .selectFrom("quotes")
      .select(["status", "lead_status"])
      .where("id", "=", quoteId)
      .executeTakeFirstOrThrow();
    expect(quote).toEqual({ status: "completed", lead_status: "booked" });
    const cleaner = await db
      .selectFrom("cleaners")
      .select(["completed_jobs", "active_bookings"])
      .where("id", "=", cleanerId!)
      .executeTakeFirstOrThrow();
    expect(cleaner).toEqual({ completed_jobs: 8, active_bookings: 1 });
    expect(await outbox("review.requested")).toHaveLength(1);
    const titles = (await getLeadDetails(db, quoteId))?.timeline.map((entry) => entry.title);
    expect(titles).toContain("Job completed");
    expect(titles).toContain("Review requested");
  });

  test("a pending job cannot be completed", async () => {
    const { db } = database;
    const quoteId = await addTestLead(db, { status: "pending" });
    const complete = async (id: string) =>
      refusal(await completeJob(db, { quoteId: id, actor: staff, publicUrl }));
    expect(await complete(quoteId)).toEqual(notAssigned);
    expect(await complete("no-such-quote")).toEqual({
      kind: "not_found",
      status: 404,
      message: "That lead no longer exists.",
    });
  });

  test("a message is emailed to the client and kept on the lead's timeline", async () => {
    const { db } = database;
    const quoteId = await addTestLead(db, { email: "zoe@example.com" });
    expect(
      await sendLeadMessage(db, {
        quoteId,
        subject: "Your Friday clean",
        body: "Hello Zoe,\n\nWe can come at 9.",
        actor: staff,
      }),
    ).toEqual({ ok: true });
    const [email] = await outbox("lead.message_sent");
    const payload = JSON.parse(String(email!.payload)) as {
      to: string;
      subject: string;
      text: string;
    };
    expect(payload).toMatchObject({ to: "zoe@example.com", subject: "Your Friday clean" });
    expect(payload.text).toContain("We can come at 9.");
    const titles = (await getLeadDetails(db, quoteId))?.timeline.map((entry) => entry.title);
    expect(titles).toContain("Message sent: Your Friday clean");
  });
});
