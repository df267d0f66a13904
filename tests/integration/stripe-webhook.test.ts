import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";
import { insertBookedQuotes } from "../helpers/booked-quotes-sqlite";

// POST /api/stripe/webhook over real HTTP against the built server in stripe mode
// (docs/decisions/0007-payments-through-a-provider.md): the signature is checked over the exact bytes Stripe sent, so the
// body must reach the check untouched. No request leaves the machine: verifying a webhook needs
// no call to Stripe. `npm run build` first.

const SECRET = "whsec_offline_test_secret";

describe("the Stripe webhook endpoint", () => {
  let server: ServerProcess;
  let baseUrl: string;
  let dataDir: string;
  let reference: string;
  let paymentId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-stripe-webhook-"));
    server = spawnBuiltServer({
      DATA_DIR: dataDir,
      PAYMENTS_MODE: "stripe",
      STRIPE_SECRET_KEY: "sk_test_offline",
      STRIPE_WEBHOOK_SECRET: SECRET,
    });
    baseUrl = await waitUntilListening(server);
    const [booking] = insertBookedQuotes(path.join(dataDir, "app.db"));
    reference = booking!.reference;
    // The pending payment Pay Now made when it opened its Checkout Session.
    const db = new Database(path.join(dataDir, "app.db"));
    paymentId = crypto.randomUUID();
    const at = new Date().toISOString();
    db.prepare(
      `insert into payments (id, quote_id, booking_id, amount_cents, payment_method, provider,
        provider_reference, status, created_at, updated_at, idempotency_key)
       values (?, ?, ?, 45000, 'card', 'stripe', 'cs_test_offline', 'pending', ?, ?, ?)`,
    ).run(paymentId, booking!.quoteId, booking!.bookingId, at, at, `booking:${booking!.bookingId}`);
    db.close();
  }, 60_000);

  afterAll(async () => {
    await server?.cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ledger = () => {
    const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
    try {
      return {
        payment: db.prepare("select status from payments where id = ?").get(paymentId),
        rows: db
          .prepare("select type, amount_cents from transactions where reference_id = ?")
          .all(reference),
      };
    } finally {
      db.close();
    }
  };

  function completed() {
    return JSON.stringify({
      id: "evt_offline_1",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_offline",
          object: "checkout.session",
          client_reference_id: paymentId,
          amount_total: 45_000,
          currency: "aud",
          payment_status: "paid",
          // Non-ASCII bytes: a body re-encoded on its way in would fail the signature.
          customer_details: { name: "Zoë Ångström" },
        },
      },
    });
  }

  const post = (payload: string, signature?: string) =>
    fetch(`${baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      body: payload,
    });

  test("a forged or unsigned event is refused with 400 and pays nothing", async () => {
    const payload = completed();
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" });
    expect((await post(payload, forged)).status).toBe(400);
    expect((await post(payload)).status).toBe(400);
    expect(ledger()).toEqual({ payment: { status: "pending" }, rows: [] });
  });

  test("a signed checkout.session.completed pays once, and its retries change nothing", async () => {
    const payload = completed();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const response = await post(payload, signature);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    }
    expect(ledger()).toEqual({
      payment: { status: "paid" },
      rows: [{ type: "payment", amount_cents: 45_000 }],
    });
  });

  test("in stripe mode the payment page sends the customer to Checkout, with no card fields", async () => {
    const [unpaid] = insertBookedQuotes(path.join(dataDir, "app.db"));
    const html = await (await fetch(`${baseUrl}/payment?ref=${unpaid!.reference}`)).text();
    expect(html).toContain("Stripe&#x27;s secure checkout page");
    expect(html).not.toContain("Card number");
  });
});
