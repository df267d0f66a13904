import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Selectable } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyPassword } from "~/features/auth/password.server";
import { CLEANER_STATUS_CHANGED } from "~/features/cleaners/cleaner-status";
import { slotsWithinHours } from "~/features/bookings/slot-fit";
import { getDashboard } from "~/features/dashboard/dashboard.service.server";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";
import { rebuildDailyRollups } from "~/features/ledger/ledger.server";
import { decryptField } from "~/lib/crypto.server";
import type { Database } from "~/server/database";
import { createLogger } from "~/server/logger.server";
import { standInDemoPhotosDir } from "../../../tests/helpers/committed-assets";
import { readOrCreateDemoLogins } from "./demo-logins.server";
import { policeCheckExpiry } from "~/features/cleaners/police-check";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { listFailedCardCharges } from "~/features/payments/failed-charges.service.server";
import { getLeadDetails } from "~/features/leads/lead-details.service.server";
import { seatStatus } from "~/features/job-visits/job-visits";
import { getSeries } from "~/features/recurring/series.service.server";
import { sweepSeries } from "~/features/recurring/series-sweep.service.server";
import { seedDemoData, type SeedSummary } from "./demo-seed.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";

const NOW = new Date("2026-11-22T01:00:00.000Z");
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const OPENING_HOURS = { weeklyHours: DEFAULT_BUSINESS_PROFILE.weeklyHours, closedDates: [] };
const logger = createLogger("silent");

function seedConfig() {
  return {
    dataDir: mkdtempSync(path.join(os.tmpdir(), "hg-seed-")),
    dataEncryptionKey: randomBytes(32).toString("base64"),
    sessionSecret: randomBytes(32).toString("base64url"),
    // Tiny stand-ins under the committed photos' names: the seed's rows are the same, and the
    // suite does not spend seconds encoding the real photographs (demo-seed-photos.test.ts reads those).
    demoPhotosDir: standInDemoPhotosDir(),
  };
}

describe.each(testDialects)("demo seed on %s", (dialect) => {
  let database: TestDatabase;
  let config: ReturnType<typeof seedConfig>;
  let summary: SeedSummary | null;
  const all = <T extends keyof Database>(table: T) =>
    database.db.selectFrom(table).selectAll().execute() as unknown as Promise<
      Selectable<Database[T]>[]
    >;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    config = seedConfig();
    summary = await seedDemoData(database.db, config, logger, { now: NOW });
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  test("regular cleans: active, paused and cancelled series, each starting from a booking (the paused and cancelled ones' done)", async () => {
    const series = await all("recurring_series");
    expect(new Set(series.map((s) => s.status))).toEqual(
      new Set(["active", "paused", "cancelled"]),
    );
    const bookings = new Map((await all("bookings")).map((b) => [b.id, b]));
    // The clean with the failed card charge has visits done already: its own test below.
    const cardHolders = new Set((await all("saved_cards")).map((card) => card.customer_id));
    for (const occurrence of await all("series_occurrences")) {
      const booking = bookings.get(occurrence.booking_id!)!;
      const one = series.find((s) => s.id === occurrence.series_id)!;
      if (cardHolders.has(one.customer_id)) continue;
      expect(booking).toMatchObject({
        status: one.status === "active" ? "confirmed" : "completed",
        scheduled_date: one.starts_on,
      });
      expect(one.customer_id).toBe(booking.customer_id);
    }
  });

  test("a failed card charge to look at: a weekly clean's second visit, declined on each try of the schedule, in Finance and on its lead", async () => {
    const cards = await all("saved_cards");
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card).toMatchObject({
      provider: "test",
      brand: "visa",
      last4: "0341",
      removed_at: null,
    });
    const [series] = (await all("recurring_series")).filter(
      (s) => s.customer_id === card!.customer_id,
    );
    expect(series).toMatchObject({ status: "active", rule: expect.stringContaining("WEEKLY") });
    const visits = await database.db
      .selectFrom("series_occurrences")
      .innerJoin("bookings", "bookings.id", "series_occurrences.booking_id")
      .select(["bookings.id", "bookings.scheduled_date", "bookings.status", "bookings.quote_id"])
      .where("series_occurrences.series_id", "=", series!.id)
      .orderBy("series_occurrences.occurrence_date")
      .execute();
    expect(visits.map((v) => [v.scheduled_date, v.status])).toEqual([
      [series!.starts_on, "completed"],
      [addDays(series!.starts_on, 7), "completed"],
    ]);
    const [first, second] = visits;
    // Done by the crew that did the first visit.
    const crewOf = async (bookingId: string) =>
      (await all("assignments"))
        .filter((a) => a.booking_id === bookingId && a.status === "accepted")
        .map((a) => a.cleaner_id);
    expect(await crewOf(second!.id)).toEqual(await crewOf(first!.id));
    expect((await crewOf(second!.id)).length).toBeGreaterThan(0);
    const paid = (await all("payments")).filter((p) => p.status === "paid");
    expect(paid.some((p) => p.booking_id === first!.id)).toBe(true);
    expect(paid.some((p) => p.booking_id === second!.id)).toBe(false);

    // Three tries, 24 then 72 hours apart, all before now; only the last told the business.
    const charges = (await all("card_charges"))
      .filter((c) => c.booking_id === second!.id)
      .sort((a, b) => Number(a.attempt) - Number(b.attempt));
    expect(
      charges.map((c) => [Number(c.attempt), c.status, c.failure_code, c.alerted_at !== null]),
    ).toEqual([
      [1, "declined", "card_declined", false],
      [2, "declined", "card_declined", false],
      [3, "declined", "card_declined", true],
    ]);
    const tried = charges.map((c) => Date.parse(c.updated_at));
    expect([tried[1]! - tried[0]!, tried[2]! - tried[1]!]).toEqual([24 * HOUR_MS, 72 * HOUR_MS]);
    expect(tried[2]).toBeLessThan(NOW.getTime());
    expect(Date.parse(card!.created_at)).toBeLessThan(tried[0]!);

    // Finance's "Failed card charges" and the lead's booking panel.
    const failed = await listFailedCardCharges(database.db);
    expect(failed).toEqual([
      expect.objectContaining({
        bookingId: second!.id,
        customerId: card!.customer_id,
        tries: 3,
        lastError: "Declined by the bank",
      }),
    ]);
    const lead = await getLeadDetails(database.db, second!.quote_id);
    expect(lead!.bookings.map((b) => b.cardChargeFailed ?? null)).toContain(
      "Failed after 3 tries: Declined by the bank",
    );

    // The customer was emailed each time, with a link to pay; the business once, at the end.
    const notices = await database.db
      .selectFrom("outbox_messages")
      .select(["topic", "payload"])
      .where("topic", "in", ["payment.saved_card_failed", "payment.saved_card_failed_staff"])
      .execute();
    expect(notices.map((n) => n.topic).sort()).toEqual([
      "payment.saved_card_failed",
      "payment.saved_card_failed",
      "payment.saved_card_failed",
      "payment.saved_card_failed_staff",
    ]);
    for (const notice of notices.filter((n) => n.topic === "payment.saved_card_failed")) {
      expect((JSON.parse(notice.payload) as { text: string }).text).toMatch(/\/pay-link\?t=/);
    }
  });

  test("it writes the promised amounts: 30 cleaners in every status and 300 leads over 120 days", async () => {
    expect(summary).toMatchObject({ cleaners: 30, quotes: 300 });
    const cleaners = await all("cleaners");
    expect(cleaners).toHaveLength(30);
    expect(new Set(cleaners.map((c) => c.status))).toEqual(
      new Set(["available", "busy", "offline", "pending_review", "suspended"]),
    );
    const quotes = await all("quotes");
    expect(quotes).toHaveLength(300);
    for (const quote of quotes) {
      const age = NOW.getTime() - Date.parse(quote.created_at);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(120 * DAY_MS);
    }
    expect(new Set(quotes.map((q) => q.service_type))).toEqual(
      new Set(["residential", "commercial", "post-construction", "subscription"]),
    );
    expect(new Set(quotes.map((q) => q.status))).toEqual(
      new Set([
        "pending",
        "pending_quote",
        "pending_payment",
        "assigned",
        "completed",
        "cancelled",
      ]),
    );
    expect(new Set(quotes.map((q) => q.lead_status))).toEqual(
      new Set(["new", "contacted", "qualified", "booked", "lost"]),
    );
    expect((await all("bookings")).length).toBeGreaterThan(60);
    expect((await all("cleaner_payouts")).length).toBeGreaterThan(10);
  });

  test("priced leads keep the $50 rate and total they were shown; staff-quote requests stay empty", async () => {
    for (const quote of await all("quotes")) {
      if (quote.service_type === "residential" || quote.service_type === "commercial") {
        const hours = quote.estimated_hours!;
        expect(hours).toBeGreaterThanOrEqual(3);
        expect(hours * 2).toBe(Math.round(hours * 2));
        expect(quote.hourly_rate_cents).toBe(5000);
        expect(quote.total_cents).toBe(Math.round(hours * 5000));
        expect(quote.cleaners_needed).toBe(Math.ceil(hours / 6));
        expect(quote.cleaning_level).toMatch(/^(basic|deep|premium)$/);
        expect(quote.notes).toContain("$50/h");
        // Totals of a thousand dollars or more carry their separator: "$1,175.00".
        expect(quote.notes).not.toMatch(/\$\d{4}/);
      } else {
        expect(quote.status).toBe("pending_quote");
        expect([quote.cleaning_level, quote.estimated_hours, quote.total_cents]).toEqual([
          null,
          null,
          null,
        ]);
      }
      expect(() => JSON.parse(quote.space_details) as unknown).not.toThrow();
      expect(quote.lead_source).toBe("website");
    }
  });

  test("every booking, payment and offer sits where the lifecycle table puts its quote", async () => {
    const quotes = new Map((await all("quotes")).map((q) => [q.id, q]));
    const payments = await all("payments");
    const assignments = await all("assignments");
    // A regular clean's later visits are the series' own, not a lead's: tested with their series.
    const series = new Map((await all("recurring_series")).map((s) => [s.id, s]));
    const laterVisits = new Set(
      (await all("series_occurrences"))
        .filter((o) => o.occurrence_date !== series.get(o.series_id)!.starts_on)
        .map((o) => o.booking_id),
    );
    const bookings = (await all("bookings")).filter((b) => !laterVisits.has(b.id));
    const bookedQuotes = new Set(bookings.map((b) => b.quote_id));

    for (const booking of bookings) {
      const quote = quotes.get(booking.quote_id)!;
      const mine = payments.filter((p) => p.booking_id === booking.id);
      const paid = mine.some((p) => p.status === "paid");
      const refunded = mine.some((p) => p.status === "refunded");
      const offers = assignments.filter((a) => a.booking_id === booking.id);
      const accepted = offers.filter((a) => a.status === "accepted");
      // docs/decisions/0060-crews-and-cleaner-holds.md: one accepted offer per seat at most.
      expect(new Set(accepted.map((a) => a.seat)).size).toBe(accepted.length);
      expect(accepted.length).toBeLessThanOrEqual(booking.crew_size);
      expect(booking.price_cents).toBe(quote.total_cents);
      expect(quote.scheduled_date).toBe(booking.scheduled_date);
      // docs/decisions/0040-business-hours-bound-bookings.md: the whole job fits the opening hours.
      const job = { hours: quote.estimated_hours!, cleaners: quote.cleaners_needed ?? null };
      expect(slotsWithinHours(booking.scheduled_date, job, OPENING_HOURS)).toContain(
        booking.time_slot,
      );
      expect(booking.scheduled_date > booking.created_at.slice(0, 10)).toBe(true);

      if (booking.status === "completed") {
        expect([quote.status, quote.lead_status]).toEqual(["completed", "booked"]);
        expect(paid).toBe(true);
        expect(accepted).toHaveLength(1);
        expect(Date.parse(booking.completed_at!)).toBeLessThan(NOW.getTime());
      } else if (booking.status === "cancelled") {
        expect(quote.status).toBe("cancelled");
        expect(paid).toBe(false); // a paid booking that is cancelled is refunded (docs/decisions/0007-payments-through-a-provider.md)
        expect(quote.lead_status).toBe(refunded ? "booked" : "lost");
        expect(offers.filter((a) => a.status === "accepted" || a.status === "pending")).toEqual([]);
      } else {
        expect(booking.status).toBe("confirmed");
        // Staffed, and so assigned, only when every seat of the crew is accepted.
        const expected =
          accepted.length >= booking.crew_size
            ? ["assigned", "booked"]
            : paid
              ? ["pending", "booked"]
              : ["pending_payment", "qualified"];
        expect([quote.status, quote.lead_status]).toEqual(expected);
      }
    }
    for (const quote of quotes.values()) {
      if (!bookedQuotes.has(quote.id)) {
        expect(["pending", "pending_quote"]).toContain(quote.status);
        expect(["new", "contacted", "lost"]).toContain(quote.lead_status);
      }
    }
  });

  test("the demo shows crews being staffed: automatic offers in flight, partly and fully staffed", async () => {
    const assignments = await all("assignments");
    const live = (await all("bookings")).filter((b) => b.status === "confirmed" && b.crew_size > 1);
    const acceptedOf = (bookingId: string) =>
      assignments.filter((a) => a.booking_id === bookingId && a.status === "accepted").length;
    // docs/decisions/0064-automatic-offers.md: offers the chain made, waiting within their period.
    const inFlight = assignments.filter((a) => a.status === "pending" && a.automatic === 1);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const offer of inFlight) expect(offer.created_by).toBeNull();
    expect(live.some((b) => acceptedOf(b.id) === b.crew_size)).toBe(true);
    expect(live.some((b) => acceptedOf(b.id) > 0 && acceptedOf(b.id) < b.crew_size)).toBe(true);
  });

  test("no two live bookings share a slot, and open offers have not yet expired", async () => {
    const live = (await all("bookings")).filter((b) => b.status !== "cancelled");
    const slots = live.map((b) => `${b.scheduled_date} ${b.time_slot}`);
    expect(new Set(slots).size).toBe(slots.length);

    const cleaners = new Map((await all("cleaners")).map((c) => [c.id, c]));
    for (const offer of await all("assignments")) {
      expect(cleaners.get(offer.cleaner_id)!.status).not.toBe("pending_review");
      if (offer.status === "pending") {
        expect(Date.parse(offer.response_deadline)).toBeGreaterThan(NOW.getTime());
      }
      if (offer.status === "accepted" || offer.status === "declined") {
        expect(offer.responded_at! <= offer.response_deadline).toBe(true);
        expect(offer.responded_at! >= offer.created_at).toBe(true);
      }
      if (offer.status === "expired") expect(offer.responded_at).toBeNull();
    }
  });

  test("each booking still ahead holds its whole crew, free then, and nobody twice at once", async () => {
    const cleaners = new Map((await all("cleaners")).map((c) => [c.id, c]));
    const holds = (await all("cleaner_holds")).filter((h) => h.released_at === null);
    const live = (await all("bookings")).filter((b) => b.status === "confirmed");
    // docs/decisions/0060-crews-and-cleaner-holds.md: multi-cleaner jobs are booked too.
    expect(live.some((b) => b.crew_size > 1)).toBe(true);
    for (const booking of live) {
      const seats = holds.filter((h) => h.booking_id === booking.id).map((h) => h.seat);
      expect(seats.sort()).toEqual(Array.from({ length: booking.crew_size }, (_, i) => i + 1));
    }
    for (const hold of holds) {
      const status = cleaners.get(hold.cleaner_id)!.status;
      expect(["available", "busy"]).toContain(status);
      const clash = holds.find(
        (other) =>
          other.id !== hold.id &&
          other.cleaner_id === hold.cleaner_id &&
          Number(other.starts_minute) < Number(hold.blocked_until_minute) &&
          Number(hold.starts_minute) < Number(other.blocked_until_minute),
      );
      expect(clash).toBeUndefined();
    }
    // One working cleaner is on time off this coming week, and the demo cleaner has time off
    // approved and asked for, weeks ahead; the suspended ones hold nothing.
    const timeOff = await all("cleaner_time_off");
    expect(timeOff.map((off) => off.status).sort()).toEqual(["approved", "approved", "requested"]);
    for (const off of timeOff) expect(cleaners.get(off.cleaner_id)!.status).toBe("available");
    const demoCleaner = [...cleaners.values()].find(
      (c) => c.email === "sofia.martinez@example.com",
    );
    expect(timeOff.filter((off) => off.cleaner_id === demoCleaner?.id)).toHaveLength(2);
    expect([...cleaners.values()].some((c) => c.status === "suspended")).toBe(true);
  });

  test("the demo cleaner has a job in every state: offered, accepted, on the way, in progress, problem, done", async () => {
    const demoCleaner = (await all("cleaners")).find(
      (c) => c.email === "sofia.martinez@example.com",
    )!;
    const bookings = new Map((await all("bookings")).map((b) => [b.id, b]));
    const problems = await all("job_problems");
    const seats = (await all("assignments")).filter(
      (a) => a.cleaner_id === demoCleaner.id && a.booking_id !== null,
    );
    const statuses = seats
      .filter((seat) => {
        const booking = bookings.get(seat.booking_id!)!;
        return booking.status === "completed" || booking.scheduled_date >= sydneyDate(NOW);
      })
      .map((seat) => {
        const booking = bookings.get(seat.booking_id!)!;
        if (booking.status === "completed") return seat.status === "accepted" ? "done" : null;
        if (booking.status !== "confirmed") return null;
        return seatStatus({
          ...seat,
          problems: problems.filter((p) => p.assignment_id === seat.id).length,
        });
      });
    for (const status of ["offered", "accepted", "on_the_way", "in_progress", "problem", "done"]) {
      expect(statuses, status).toContain(status);
    }
    // The job in progress has its list copied, part of it ticked by the demo cleaner.
    const inProgress = seats.find(
      (seat) =>
        seat.checked_in_at &&
        !seat.checked_out_at &&
        !problems.some((p) => p.assignment_id === seat.id),
    )!;
    const items = (await all("job_checklist_items")).filter(
      (item) => item.booking_id === inProgress.booking_id,
    );
    expect(items.some((item) => item.ticked_by === demoCleaner.id)).toBe(true);
    expect(items.some((item) => item.ticked_at === null)).toBe(true);
  });

  test("the ledger matches the payments, the payouts and the tips one for one", async () => {
    const payments = new Map((await all("payments")).map((p) => [p.id, p]));
    const payouts = new Map((await all("cleaner_payouts")).map((p) => [p.id, p]));
    const transactions = await all("transactions");
    // A paid pay run's payouts name the run (docs/decisions/0081-pay-runs-pay-a-line-once.md).
    const paidRuns = new Set(
      (await all("pay_runs")).filter((r) => r.status === "paid").map((r) => r.reference),
    );
    const runPayouts = transactions.filter((t) => t.type === "payout" && t.payout_id === null);
    expect(runPayouts.length).toBeGreaterThan(0);
    for (const txn of runPayouts) expect(paidRuns).toContain(txn.reference_id);

    const tips = await all("tips");
    const tipShares = await all("tip_shares");
    // docs/decisions/0078-tips-go-to-the-crew.md: some completed cleans were tipped, and each
    // tip's shares add up to it.
    expect(tips.length).toBeGreaterThan(0);
    for (const tip of tips) {
      const shared = tipShares.filter((share) => share.tip_id === tip.id);
      expect(shared.reduce((sum, share) => sum + Number(share.amount_cents), 0)).toBe(
        Number(tip.amount_cents),
      );
    }
    expect(transactions.filter((t) => t.type === "tip")).toHaveLength(tips.length);

    for (const txn of transactions.filter((t) => !runPayouts.includes(t))) {
      if (txn.type === "tip") continue;
      if (txn.type === "payment" || txn.type === "refund") {
        const payment = payments.get(txn.payment_id!)!;
        expect(txn.type === "payment" ? ["paid", "refunded"] : ["refunded"]).toContain(
          payment.status,
        );
        expect(txn.amount_cents).toBe(payment.amount_cents);
        expect(txn.status).toBe("completed");
        expect(txn.category).toMatch(/^(Residential|Commercial)$/);
      } else {
        const payout = payouts.get(txn.payout_id!)!;
        expect([txn.amount_cents, txn.status, txn.reference_id]).toEqual([
          payout.amount_cents,
          payout.status,
          payout.reference,
        ]);
      }
    }
    const settled = [...payments.values()].filter(
      (p) => p.status === "paid" || p.status === "refunded",
    );
    const paymentLines = transactions.filter((t) => t.type === "payment");
    expect(paymentLines.map((t) => t.payment_id).sort()).toEqual(settled.map((p) => p.id).sort());
    const refundLines = transactions.filter((t) => t.type === "refund");
    expect(refundLines).toHaveLength(settled.filter((p) => p.status === "refunded").length);
    expect(transactions.filter((t) => t.type === "payout")).toHaveLength(
      payouts.size + runPayouts.length,
    );
  });

  test("the demo pays from timesheets: a paid run with its ABA file and remittances, a draft, adjusted and estimated lines", async () => {
    const runs = await all("pay_runs");
    expect(runs.map((r) => r.status).sort()).toEqual(["draft", "paid"]);
    const paid = runs.find((r) => r.status === "paid")!;
    const audit = await all("audit_log");
    expect(
      audit.filter((a) => a.action === "pay_run.aba_generated" && a.subject_id === paid.id),
    ).toHaveLength(1);
    const runLines = (await all("pay_run_lines")).filter((l) => l.run_id === paid.id);
    const remittances = (await all("outbox_messages")).filter(
      (m) => m.topic === "pay_run.remittance",
    );
    expect(remittances).toHaveLength(new Set(runLines.map((l) => l.cleaner_id)).size);
    const lines = await all("timesheet_lines");
    expect(lines.some((l) => l.estimated === 1)).toBe(true);
    expect(lines.some((l) => l.estimated === 0)).toBe(true);
    expect(lines.some((l) => l.adjustment_cents !== 0 && l.adjustment_reason)).toBe(true);
    expect(lines.some((l) => l.status === "pending")).toBe(true);
  });

  test("the daily and hourly rollups hold the completed ledger, as a rebuild from the ledger gives", async () => {
    const rollups = async (table: "daily_rollups" | "hourly_rollups") =>
      (await all(table))
        .filter((r) => Number(r.completed_count) !== 0)
        .map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const daily = await rollups("daily_rollups");
    const hourly = await rollups("hourly_rollups");
    const completed = (await all("transactions")).filter((t) => t.status === "completed");
    const total = completed.reduce((sum, t) => sum + t.amount_cents, 0);
    expect(daily.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(total);
    expect(hourly.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(total);
    await rebuildDailyRollups(database.db);
    expect(await rollups("daily_rollups")).toEqual(daily);
    expect(await rollups("hourly_rollups")).toEqual(hourly);
  });

  test("each cleaner's status history is a chain that ends on the status it has now", async () => {
    const cleaners = new Map((await all("cleaners")).map((c) => [c.id, c]));
    const entries = (await all("audit_log"))
      .filter((a) => a.action === CLEANER_STATUS_CHANGED)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(entries.length).toBeGreaterThan(10);
    const last = new Map<string, string>();
    for (const entry of entries) {
      const { from, to } = JSON.parse(entry.details!) as { from: string; to: string };
      const cleaner = cleaners.get(entry.subject_id!)!;
      expect(entry.created_at >= cleaner.created_at).toBe(true);
      expect(entry.created_at < NOW.toISOString()).toBe(true);
      if (last.has(cleaner.id)) expect(from).toBe(last.get(cleaner.id));
      last.set(cleaner.id, to);
    }
    for (const [id, status] of last) expect(cleaners.get(id)!.status).toBe(status);
    // Some cleaners were away when the last month began and are back: the growth says so.
    const month = await getDashboard(database.db, { periodDays: 30, now: NOW });
    expect(month.activeCleaners.countAtStart).not.toBe(month.activeCleaners.count);
  });

  test("bank details are stored encrypted and only the account's last four digits are plain", async () => {
    const cleaners = await all("cleaners");
    const payees = new Set((await all("cleaner_payouts")).map((p) => p.cleaner_id));
    for (const cleaner of cleaners) {
      if (payees.has(cleaner.id)) expect(cleaner.bsb_encrypted).not.toBeNull();
      if (!cleaner.bsb_encrypted) continue;
      expect(cleaner.bsb_encrypted).toMatch(/^v1\./);
      expect(decryptField(config.dataEncryptionKey, cleaner.bsb_encrypted)).toMatch(/^\d{6}$/);
      expect(decryptField(config.dataEncryptionKey, cleaner.tfn_encrypted!)).toMatch(/^\d{9}$/);
      const account = decryptField(config.dataEncryptionKey, cleaner.account_number_encrypted!);
      expect(account).toMatch(/^\d{8,10}$/);
      expect(cleaner.account_last4).toBe(account.slice(-4));
    }
  });

  test("every working cleaner holds a police check current today, three years from its date", async () => {
    // docs/decisions/0042-who-is-free-for-a-job.md: Available needs a current check.
    const working = (await all("cleaners")).filter((c) => ["available", "busy"].includes(c.status));
    expect(working.length).toBeGreaterThan(0);
    for (const cleaner of working) {
      const { police_check_date: checkedOn } = JSON.parse(cleaner.additional_metadata!) as {
        police_check_date: string;
      };
      expect(cleaner.police_check_expires_on).toBe(policeCheckExpiry(checkedOn, 3));
      expect(cleaner.police_check_expires_on! >= sydneyDate(NOW)).toBe(true);
    }
  });

  test("five verified home testimonials, each a first name and initial with its own rating", async () => {
    const reviews = await all("reviews");
    const home = reviews.filter((r) => r.show_on_home === 1);
    expect(home).toHaveLength(5);
    for (const review of home) {
      expect(review.verified).toBe(1);
      expect(review.client_name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
      expect(review.service_label).toBeTruthy();
    }
    expect(new Set(home.map((r) => r.service_label)).size).toBe(5);
    expect(new Set(home.map((r) => r.rating)).size).toBeGreaterThan(1); // docs/decisions/0023-honest-reviews.md: not all five stars

    // Ratings and job counts on the cleaner cards follow from their reviews and jobs.
    for (const cleaner of await all("cleaners")) {
      const ratings = reviews
        .filter((r) => r.cleaner_id === cleaner.id && r.verified === 1)
        .map((r) => r.rating);
      const average = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0;
      expect(cleaner.rating).toBeCloseTo(average, 1);
      if (cleaner.status === "pending_review") expect(cleaner.completed_jobs).toBe(0);
      else expect(cleaner.completed_jobs).toBeGreaterThanOrEqual(ratings.length);
    }
  });

  test("seven hero slides and six room cards show the demo photos from the image store, with their credits", async () => {
    const slides = await database.db
      .selectFrom("background_images")
      .selectAll()
      .orderBy("sort_order")
      .execute();
    // Each title says what its photo shows, not "Luxury Interior 3" on a pool terrace.
    expect(slides.map((s) => s.title)).toEqual([
      "Penthouse Living Room and Kitchen",
      "Chandelier Bedroom",
      "Infinity Pool Terrace",
      "Suite with a Glass Ensuite",
      "Classic Hotel Suite",
      "Bright Living Room",
      "Dark Luxe Bedroom",
    ]);
    expect(slides[2]?.alt).toMatch(/pool/i);
    for (const slide of [...slides, ...(await all("room_images"))]) {
      expect([slide.source, slide.url]).toEqual(["upload", null]);
      expect(slide.image_key).toBeTruthy();
      expect(slide.credit).toBeTruthy();
    }
    const rooms = (await all("room_images")).map((r) => r.room).sort();
    expect(rooms).toEqual([
      "bathrooms",
      "bedrooms-study",
      "kitchen",
      "living-areas",
      "outdoor-spaces",
      "specialty-areas",
    ]);
  });

  test("the printed demo logins, an owner and a member of staff with random passwords, sign in", async () => {
    const logins = readOrCreateDemoLogins(config.dataDir);
    expect(logins.map((login) => [login.role, login.email])).toEqual([
      ["owner", "demo.owner@example.com"],
      ["staff", "demo.staff@example.com"],
    ]);
    expect(statSync(path.join(config.dataDir, "demo-logins.json")).mode & 0o777).toBe(0o600);
    for (const login of logins) {
      expect(login.password).toMatch(/^[\w-]{24}$/);
      expect(login.password).not.toBe("harbour-gold-demo");
      const staff = await database.db
        .selectFrom("staff_users")
        .selectAll()
        .where("email", "=", login.email)
        .executeTakeFirstOrThrow();
      expect(staff.role).toBe(login.role);
      expect(await verifyPassword(login.password, staff.password_hash)).toBe(true);
    }
    // Another data folder gets other passwords.
    const other = mkdtempSync(path.join(os.tmpdir(), "hg-seed-other-"));
    expect(readOrCreateDemoLogins(other)[0]!.password).not.toBe(logins[0]!.password);
    rmSync(other, { recursive: true, force: true });
  });

  test("a database that already has data is left alone", async () => {
    expect(await seedDemoData(database.db, config, logger, { now: NOW })).toBeNull();
    expect(await all("quotes")).toHaveLength(300);
  });

  test("the same moment gives the same business on another database", async () => {
    // The second database is SQLite on either run: the seed's output does not depend on the
    // dialect, and Kysely's migrator, looking for its own tables in every PostgreSQL schema,
    // cannot migrate a second test schema while this file's first one is open.
    const other = await createTestDatabase("sqlite");
    const otherConfig = seedConfig();
    try {
      await seedDemoData(other.db, otherConfig, logger, { now: NOW });
      const shape = (db: TestDatabase["db"]) =>
        db
          .selectFrom("quotes")
          .select([
            "client_name",
            "service_type",
            "status",
            "lead_status",
            "total_cents",
            "created_at",
          ])
          .orderBy("created_at")
          .orderBy("client_name")
          .execute();
      expect(await shape(other.db)).toEqual(await shape(database.db));
    } finally {
      await other.destroy();
      rmSync(otherConfig.dataDir, { recursive: true, force: true });
    }
  });

  // Last: the sweep books visits (and moves leads), which the counts above do not expect.
  test("the paused regular clean offers no booked visit inside its pause, and books again after it", async () => {
    await sweepSeries(database.db, { publicUrl: "http://localhost", now: NOW });
    const [paused] = await listSeriesIn("paused");
    const view = (await getSeries(database.db, paused!.id, NOW))!;
    expect(view.statusLabel).toMatch(/^Paused until /);
    const inside = view.upcoming.filter((visit) => visit.date < view.pausedUntil!);
    expect(inside.length).toBeGreaterThan(0);
    for (const visit of inside) {
      expect(visit).toMatchObject({ status: "skipped", live: false, changeable: false });
    }
    const after = view.upcoming.filter((visit) => visit.date >= view.pausedUntil!);
    expect(after[0]).toMatchObject({ status: "booked", live: true });
  });

  test("the cancelled regular clean lists no visit to come, and the sweep books none", async () => {
    await sweepSeries(database.db, { publicUrl: "http://localhost", now: NOW });
    const [cancelled] = await listSeriesIn("cancelled");
    const view = (await getSeries(database.db, cancelled!.id, NOW))!;
    expect(view.statusLabel).toBe("Cancelled");
    expect(view.upcoming.filter((visit) => visit.live || visit.status === "booked")).toEqual([]);
    const live = await database.db
      .selectFrom("bookings")
      .select("scheduled_date")
      .where("quote_id", "=", view.quoteId)
      .where("status", "=", "confirmed")
      .execute();
    expect(live).toEqual([]);
  });

  function listSeriesIn(status: "paused" | "cancelled") {
    return database.db
      .selectFrom("recurring_series")
      .select("id")
      .where("status", "=", status)
      .execute();
  }
});
