import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { insertBookedQuote } from "~/features/payments/payments.test-helpers";
import { confirmTestPayment } from "~/features/payments/payments.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getCustomerProfile, listCustomers } from "./customer-admin.service.server";

// The back office's customers: a searchable list, and each customer's bookings, payments,
// rewards points and messages on one page.

const ctx = {
  config: {
    paymentsMode: "test" as const,
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
  },
};

describe.each(testDialects)("the customer pages on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a customer's page shows their bookings, the payment, their points and their messages", async () => {
    const db = database.db;
    const paid = await insertBookedQuote(db, { customerId: "cust-ava", priceCents: 45_000 });
    await insertBookedQuote(db, { customerId: "cust-ava", priceCents: 20_000 });
    await insertBookedQuote(db, { customerId: "cust-other" });
    await confirmTestPayment(
      db,
      { reference: paid.reference, token: "tok_visa", actor: { type: "visitor", id: null } },
      ctx,
    );
    await db
      .insertInto("contact_messages")
      .values({
        id: "msg-1",
        first_name: "Ava",
        last_name: "Chen",
        email: "cust-ava@example.com",
        phone: "0412 345 678",
        message: "Can you bring your own vacuum?",
        created_at: new Date().toISOString(),
        handled_at: null,
      })
      .execute();

    const profile = await getCustomerProfile(db, "cust-ava");
    expect(profile).toMatchObject({
      name: "Ava Chen",
      email: "cust-ava@example.com",
      rewards: { points: 450, tier: "Bronze" },
      payments: [{ reference: paid.reference, amountCents: 45_000, status: "paid" }],
      messages: [{ message: "Can you bring your own vacuum?", handled: false }],
    });
    expect(profile!.bookings.map((booking) => booking.priceCents).sort()).toEqual([20_000, 45_000]);
    expect(await getCustomerProfile(db, "no-such-customer")).toBeNull();
  });

  test("the list searches name, email and phone, and pages newest first", async () => {
    const db = database.db;
    const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, "0")}:00.000Z`;
    for (let i = 0; i < 55; i += 1) {
      await db
        .insertInto("customers")
        .values({
          id: `c-${String(i).padStart(2, "0")}`,
          email: i === 12 ? "person_12@example.com" : `person${i}@example.com`,
          name: i === 7 ? "Quentin O'Hara" : `Person ${i}`,
          phone: i === 9 ? "0400 111 222" : null,
          created_at: at(i),
          updated_at: at(i),
        })
        .execute();
    }
    const first = await listCustomers(db, new URLSearchParams());
    expect(first.customers).toHaveLength(50);
    expect(first.customers[0]!.id).toBe("c-54");
    const second = await listCustomers(db, new URLSearchParams({ after: first.next! }));
    expect(second.customers.map((row) => row.id)).toEqual(["c-04", "c-03", "c-02", "c-01", "c-00"]);
    expect(second.next).toBeNull();

    const search = async (q: string) =>
      (await listCustomers(db, new URLSearchParams({ q }))).customers.map((row) => row.id);
    expect(await search("o'hara")).toEqual(["c-07"]);
    expect(await search("PERSON_12@")).toEqual(["c-12"]);
    expect(await search("111 222")).toEqual(["c-09"]);
    expect(await search("100%")).toEqual([]);
  });
});
