import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { gstOfInclusive } from "~/features/invoices/invoice";
import { refundBookingPayment } from "~/features/payments/refunds.service.server";
import { newId } from "~/lib/ids";
import type { EmploymentType, ServiceType } from "~/server/database";
import { SUPER_RATES_PER_MILLE } from "~/server/migrations/2026_12_01_1300_margin_rollups";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getMargins, JOBS_PAGE_SIZE } from "./margins.service.server";
import { labourCostCents, SUPER_GUARANTEE_RATES } from "./pay-rules";
import { addCleaner, addJob, OWNER } from "./payroll.test-data";
import { adjustLine, generateTimesheetLines } from "./timesheets.service.server";

// The margins screen sums monthly rollups that triggers keep with every write
// (docs/decisions/0095-margins-from-monthly-rollups.md). Whatever is written, the figures it
// shows must be the ones computed job by job from the bookings, payments and timesheet lines.

// Sydney 11:00 on Fri 20 Nov 2026: the screen covers November 2025 to November 2026.
const now = new Date("2026-11-20T00:00:00.000Z");
const ctx = {
  publicUrl: "https://harbourandgold.test",
  now,
  config: {
    paymentsMode: "test" as const,
    publicUrl: "https://harbourandgold.test",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};

type Group = { key: string; jobs: number; revenueCents: number; labourCents: number };

/** The screen's figures computed from the base tables, job by job, with the app's pay rules. */
async function direct(database: TestDatabase) {
  const db = database.db;
  const jobs = await db
    .selectFrom("bookings as b")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .select(["b.id", "b.reference", "b.scheduled_date", "b.suburb", "q.service_type"])
    .where("b.status", "=", "completed")
    .where("b.scheduled_date", ">=", "2025-11-01")
    .where("b.scheduled_date", "<=", "2026-11-30")
    .execute();
  const payments = await db.selectFrom("payments").selectAll().execute();
  const lines = await db
    .selectFrom("timesheet_lines as t")
    .innerJoin("cleaners as c", "c.id", "t.cleaner_id")
    .select(["t.booking_id", "t.work_date", "t.base_cents", "t.adjustment_cents"])
    .select("c.employment_type")
    .execute();
  const figures = jobs.map((job) => {
    const kept = payments
      .filter((p) => p.booking_id === job.id && p.status === "paid")
      .reduce((sum, p) => sum + Number(p.amount_cents) - Number(p.refunded_cents), 0);
    const labour = lines
      .filter((line) => line.booking_id === job.id)
      .reduce((sum, line) => sum + labourCostCents(line.employment_type, line), 0);
    return { ...job, revenueCents: kept - gstOfInclusive(kept), labourCents: labour };
  });
  const sum = (keyOf: (job: (typeof figures)[number]) => string) => {
    const groups = new Map<string, Group>();
    for (const job of figures) {
      const key = keyOf(job);
      const g = groups.get(key) ?? { key, jobs: 0, revenueCents: 0, labourCents: 0 };
      groups.set(key, {
        key,
        jobs: g.jobs + 1,
        revenueCents: g.revenueCents + job.revenueCents,
        labourCents: g.labourCents + job.labourCents,
      });
    }
    return [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
  };
  return {
    total: sum(() => "All jobs"),
    byService: sum((job) => job.service_type),
    bySuburb: sum((job) => job.suburb ?? "Unknown"),
    byMonth: sum((job) => job.scheduled_date.slice(0, 7)),
    jobs: figures
      .map(({ reference, revenueCents, labourCents }) => ({
        reference,
        revenueCents,
        labourCents,
      }))
      .sort((a, b) => a.reference.localeCompare(b.reference)),
  };
}

/** What the screen shows: the groups, and every job, walking the pages newest first. */
async function shown(database: TestDatabase) {
  const first = await getMargins(database.db, { now });
  const pick = (g: Group) => ({
    key: g.key,
    jobs: g.jobs,
    revenueCents: g.revenueCents,
    labourCents: g.labourCents,
  });
  const groups = (list: Group[]) => list.map(pick).sort((a, b) => a.key.localeCompare(b.key));
  const jobs = [...first.jobs];
  let next = first.next;
  while (next) {
    const page = await getMargins(database.db, {
      now,
      params: new URLSearchParams({ after: next }),
    });
    expect(page.jobs.length).toBeLessThanOrEqual(JOBS_PAGE_SIZE);
    jobs.push(...page.jobs);
    next = page.next;
  }
  const dates = jobs.map((job) => job.scheduled_date);
  expect(dates).toEqual([...dates].sort().reverse());
  expect(jobs).toHaveLength(first.jobCount);
  return {
    total: first.total.jobs > 0 ? [pick(first.total)] : [],
    byService: groups(first.byService),
    bySuburb: groups(first.bySuburb),
    byMonth: groups(first.byMonth),
    jobs: jobs
      .map(({ reference, revenueCents, labourCents }) => ({
        reference,
        revenueCents,
        labourCents,
      }))
      .sort((a, b) => a.reference.localeCompare(b.reference)),
  };
}

describe.each(testDialects)("the margins from their rollups on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function pay(bookingId: string, amountCents: number, status: "paid" | "failed" = "paid") {
    const booking = await database.db
      .selectFrom("bookings")
      .select("quote_id")
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    const at = now.toISOString();
    await database.db
      .insertInto("payments")
      .values({
        id: newId(),
        quote_id: booking.quote_id,
        booking_id: bookingId,
        amount_cents: amountCents,
        provider: "test",
        provider_reference: null,
        status,
        failure_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
        refunded_at: null,
        idempotency_key: null,
      })
      .execute();
  }

  /** Jobs over the year and either side of it, in three services and four suburbs. */
  async function buildYear() {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei", rateCents: 3437, employment: "employee" });
    const sam = await addCleaner(db, { name: "Sam", rateCents: 3611 });
    const services: ServiceType[] = ["residential", "commercial", "post-construction"];
    const suburbs = ["Bondi", "Manly", "Glebe", undefined];
    const bookings: string[] = [];
    // 2025-10-05 to 2026-12-06, a job every four days: the first and last are outside the year.
    for (let n = 0; n < 110; n++) {
      const date = new Date(Date.UTC(2025, 9, 5 + n * 4)).toISOString().slice(0, 10);
      const seats =
        n % 3 === 0 ? [{ cleanerId: mei }, { cleanerId: sam }] : [{ cleanerId: n % 2 ? mei : sam }];
      const { bookingId } = await addJob(db, {
        date,
        hours: 2 + (n % 5) * 0.75,
        seats,
        service: services[n % services.length],
        suburb: suburbs[n % suburbs.length],
        completed: n % 17 !== 5,
      });
      if (suburbs[n % suburbs.length] === undefined) {
        await db
          .updateTable("bookings")
          .set({ suburb: null })
          .where("id", "=", bookingId)
          .execute();
      }
      if (n % 7 !== 3) await pay(bookingId, 15_000 + n * 137);
      if (n % 11 === 4) await pay(bookingId, 2_000, "failed");
      bookings.push(bookingId);
    }
    await generateTimesheetLines(db, undefined, now);
    return { mei, sam, bookings };
  }

  test("every sum, and every job page by page, equals the figures computed job by job", async () => {
    await buildYear();
    const expected = await direct(database);
    expect(expected.total[0]!.jobs).toBeGreaterThan(JOBS_PAGE_SIZE);
    expect(await shown(database)).toEqual(expected);
  });

  test("a refund and a timesheet adjustment change the figures at once, as computed from the rows", async () => {
    const { bookings } = await buildYear();
    const before = await getMargins(database.db, { now });
    // A partial refund, then the rest of another job's payment.
    const refunded = bookings[40]!;
    const partial = await refundBookingPayment(
      database.db,
      {
        bookingId: refunded,
        actor: { type: "staff", id: "owner-1" },
        amountCents: 4_321,
        reason: "Oven not done",
      },
      ctx,
    );
    expect(partial).toEqual({ ok: true });
    expect(
      await refundBookingPayment(
        database.db,
        { bookingId: bookings[41]!, actor: { type: "staff", id: "owner-1" } },
        ctx,
      ),
    ).toEqual({ ok: true });
    expect(await shown(database)).toEqual(await direct(database));
    const afterRefunds = await getMargins(database.db, { now });
    expect(afterRefunds.total.revenueCents).toBeLessThan(before.total.revenueCents);

    // Staff add $12.34 for parking to a line of a job in the year.
    const line = await database.db
      .selectFrom("timesheet_lines")
      .select("id")
      .where("booking_id", "=", bookings[50]!)
      .executeTakeFirstOrThrow();
    const adjusted = await adjustLine(
      database.db,
      { lineId: line.id, adjustment: 1_234, reason: "Parking", withholding: 0 },
      OWNER,
    );
    expect(adjusted).toEqual({ ok: true });
    expect(await shown(database)).toEqual(await direct(database));
    const afterAdjustment = await getMargins(database.db, { now });
    expect(afterAdjustment.total.labourCents).toBe(afterRefunds.total.labourCents + 1_234);
  });

  test("a job moved, cancelled, re-typed or re-staffed, and a cleaner made an employee, follow at once", async () => {
    const { sam, bookings } = await buildYear();
    const db = database.db;
    const check = async () => expect(await shown(database)).toEqual(await direct(database));
    await db
      .updateTable("bookings")
      .set({ scheduled_date: "2026-03-03", suburb: "Coogee" })
      .where("id", "=", bookings[20]!)
      .execute();
    await check();
    await db
      .updateTable("bookings")
      .set({ status: "cancelled" })
      .where("id", "=", bookings[30]!)
      .execute();
    await check();
    const { quote_id } = await db
      .selectFrom("bookings")
      .select("quote_id")
      .where("id", "=", bookings[60]!)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("quotes")
      .set({ service_type: "commercial" })
      .where("id", "=", quote_id)
      .execute();
    await check();
    const employee: EmploymentType = "employee";
    await db
      .updateTable("cleaners")
      .set({ employment_type: employee })
      .where("id", "=", sam)
      .execute();
    await check();
    await db.deleteFrom("timesheet_lines").where("booking_id", "=", bookings[70]!).execute();
    await check();
  });

  test("the migration's super rates are the pay rules' rates", () => {
    expect(SUPER_RATES_PER_MILLE.map((r) => ({ from: r.from, percent: r.perMille / 10 }))).toEqual(
      SUPER_GUARANTEE_RATES,
    );
  });
});
