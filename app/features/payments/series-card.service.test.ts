import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { chargeVisit } from "./card-charges.service.server";
import { confirmTestPayment } from "./payments.service.server";
import { insertBookedQuote } from "./payments.test-helpers";
import { CHARGE_CONFIG, insertCompletedVisit } from "./saved-cards.test-helpers";
import { getSavedCard } from "./saved-cards.service.server";
import { findSeriesCardOffer, saveSeriesCard } from "./series-card.service.server";

// Saving a card once a regular clean's first visit is paid
// (docs/decisions/0093-save-a-card-after-the-first-visit.md).

const ctx = { config: CHARGE_CONFIG };
const customerId = "cust-series-card";

describe.each(testDialects)("saving a card for a series on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function pay(reference: string) {
    const paid = await confirmTestPayment(
      database.db,
      { reference, token: "tok_visa", actor: { type: "customer", id: null } },
      ctx,
    );
    expect(paid.kind).toBe("paid");
  }

  test("the paid first visit offers a card, and the saved card pays the next visit", async () => {
    const first = await insertCompletedVisit(database.db, { customerId });
    expect(await findSeriesCardOffer(database.db, first.reference, ctx)).toBeNull();
    await pay(first.reference);
    expect(await findSeriesCardOffer(database.db, first.reference, ctx)).toEqual({
      kind: "offer",
      mode: "test",
    });
    const saved = await saveSeriesCard(
      database.db,
      { reference: first.reference, choice: { intent: "save-test", token: "tok_mastercard" } },
      ctx,
    );
    expect(saved).toEqual({ ok: true, url: null });
    expect(await getSavedCard(database.db, customerId)).toMatchObject({ last4: "4444" });
    const offer = await findSeriesCardOffer(database.db, first.reference, ctx);
    expect(offer).toMatchObject({ kind: "saved", card: { brand: "mastercard", last4: "4444" } });
    const next = await insertCompletedVisit(database.db, { customerId });
    const job = { bookingId: next.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, job, ctx)).toBe("succeeded");
  });

  test("the reference alone never replaces a saved card, nor saves one for a one-off clean", async () => {
    const first = await insertCompletedVisit(database.db, { customerId });
    await pay(first.reference);
    const choice = { intent: "save-test", token: "tok_visa" } as const;
    await saveSeriesCard(database.db, { reference: first.reference, choice }, ctx);
    const again = await saveSeriesCard(
      database.db,
      { reference: first.reference, choice: { intent: "save-test", token: "tok_mastercard" } },
      ctx,
    );
    expect(again).toMatchObject({ ok: false, kind: "conflict" });
    expect(await getSavedCard(database.db, customerId)).toMatchObject({ last4: "4242" });

    const oneOff = await insertBookedQuote(database.db, { customerId: "cust-one-off" });
    await pay(oneOff.reference);
    expect(await findSeriesCardOffer(database.db, oneOff.reference, ctx)).toBeNull();
    const refused = await saveSeriesCard(database.db, { reference: oneOff.reference, choice }, ctx);
    expect(refused).toMatchObject({ ok: false, kind: "not_found" });
    expect(await getSavedCard(database.db, "cust-one-off")).toBeNull();
  });
});
