import { randomUUID } from "node:crypto";
import { addDays, sydneyDate, weekdayOf } from "~/lib/sydney-time";

// Customers for the durability soak (tests/integration/durability-soak.test.ts): each asks for a
// quote, books it and pays, over real HTTP, and keeps what the server answered with success.
// A request cut by a dead server (refused, reset) is sent again, as a browser's retry or a
// customer's second click would, with the same Idempotency-Key for the quote.

export type SoakLedger = {
  /** Quote references answered 201, with the email each was asked under. */
  quotes: Array<{ reference: string; email: string }>;
  /** Booking references the server redirected to the success page for. */
  bookings: string[];
  /** Booking references whose payment was answered with the success page. */
  payments: string[];
  /** Requests sent again because the connection failed. */
  resent: number;
  /**
   * Bookings made whose answer a kill cut off: sent again, they are refused as already booked,
   * and the quote's reference does not lead to the booking
   * (docs/decisions/0051-quote-references-do-not-unlock-bookings.md), so they go unpaid.
   */
  bookedUnanswered: number;
  /** Answers that were neither success nor an expected refusal, for the failure message. */
  unexpected: string[];
};

/**
 * The start at which the deep clean of the Mosman house (about six hours) still finishes by
 * closing on a weekday (docs/decisions/0040-business-hours-bound-bookings.md).
 */
const SLOT = "08:00";
/**
 * Bookings a day takes: the demo's core team of four cleaners works every day but Sunday, so a
 * crew is always free (docs/decisions/0060-crews-and-cleaner-holds.md).
 */
const PER_DAY = 4;
/** Past the demo data seeded at start; bookings are taken up to 365 days ahead. */
const FIRST_FREE_DAY = 180;
const LAST_BOOKABLE_DAY = 360;

/** The `n`th day but Sunday from FIRST_FREE_DAY days ahead: Saturday's hours still fit the clean. */
function bookingDay(n: number) {
  let date = addDays(sydneyDate(new Date()), FIRST_FREE_DAY);
  for (let left = n; ; date = addDays(date, 1)) {
    if (weekdayOf(date) === "Sunday") continue;
    if (left === 0) return date;
    left -= 1;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends until the server answers at all (a killed server refuses or resets meanwhile). */
async function answered(ledger: SoakLedger, url: string, init: RequestInit) {
  for (;;) {
    try {
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
      });
      // Read now, so a connection cut mid-body counts as no answer.
      const body = await response.arrayBuffer();
      return new Response(response.status === 304 ? null : body, {
        status: response.status,
        headers: response.headers,
      });
    } catch {
      ledger.resent += 1;
      await sleep(250);
    }
  }
}

export function startSoakClients(options: {
  baseUrl: string;
  clients: number;
  /** Each client pays its bookings twice at once every this many (two tabs, a double click). */
  doublePayEvery?: number;
}) {
  const { baseUrl } = options;
  const ledger: SoakLedger = {
    quotes: [],
    bookings: [],
    payments: [],
    resent: 0,
    bookedUnanswered: 0,
    unexpected: [],
  };
  let stopping = false;
  let slot = 0;
  const form = (fields: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: new URLSearchParams(fields),
  });

  async function oneCustomer(client: number, n: number) {
    const email = `soak-${client}-${n}-${randomUUID().slice(0, 6)}@example.com`;
    const quote = await answered(ledger, `${baseUrl}/api/v1/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({
        serviceType: "residential",
        spaceDetails: { type: "house", bedrooms: 3, bathrooms: 2, address: "Mosman NSW 2088" },
        cleaningLevel: "deep",
        preferences: { timePreference: "morning" },
        conditions: { dirtLevel: "normal" },
        photosWaived: true,
        leadInfo: { name: `Soak Customer ${client}`, email, phone: "0412 345 678" },
      }),
    });
    if (quote.status !== 201) {
      const why = await quote.text().catch(() => "");
      return void ledger.unexpected.push(`quote: ${quote.status} ${why.slice(0, 200)}`);
    }
    // A retried request with the same key gets the first answer again, body included.
    const { reference } = (await quote.json().catch(() => ({}))) as { reference?: string };
    if (!reference) return void ledger.unexpected.push("quote: no reference");
    ledger.quotes.push({ reference, email });

    const index = slot++;
    const date = bookingDay(Math.floor(index / PER_DAY));
    // A fast machine runs out of free days before the soak ends: past the last bookable day
    // (a year ahead, less a margin), clients keep quoting and stop booking.
    if (date > addDays(sydneyDate(new Date()), LAST_BOOKABLE_DAY)) return;
    const resentBefore = ledger.resent;
    const booking = await answered(
      ledger,
      `${baseUrl}/booking?ref=${encodeURIComponent(reference)}`,
      form({
        date,
        timeSlot: SLOT,
        address: "1 Military Road",
        suburb: "Mosman NSW 2088",
      }),
    );
    const bookedAt = booking.headers.get("location") ?? "";
    if (booking.status === 409 && ledger.resent > resentBefore) {
      ledger.bookedUnanswered += 1;
      return;
    }
    if (booking.status !== 302 || !bookedAt.startsWith("/booking-success")) {
      return void ledger.unexpected.push(`booking: ${booking.status} ${bookedAt}`);
    }
    const bookingRef = new URL(bookedAt, baseUrl).searchParams.get("ref")!;
    ledger.bookings.push(bookingRef);

    const pay = () =>
      answered(
        ledger,
        `${baseUrl}/payment?ref=${encodeURIComponent(bookingRef)}`,
        form({ intent: "test-card", token: "tok_visa" }),
      );
    const twice = options.doublePayEvery && n % options.doublePayEvery === 0;
    const payments = await Promise.all(twice ? [pay(), pay()] : [pay()]);
    for (const payment of payments) {
      const paidAt = payment.headers.get("location") ?? "";
      if (payment.status >= 300 && payment.status < 400 && paidAt.includes("/payment-success")) {
        ledger.payments.push(bookingRef);
      } else {
        ledger.unexpected.push(`payment: ${payment.status} ${paidAt}`);
      }
    }
  }

  const running = Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      for (let n = 0; !stopping; n += 1) await oneCustomer(client, n);
    }),
  );

  return {
    ledger,
    /** Lets each client finish the customer it is serving, then resolves. */
    stop: async () => {
      stopping = true;
      await running;
      return ledger;
    },
  };
}
