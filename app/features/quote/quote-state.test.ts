import { describe, expect, test } from "vitest";
import { quoteStateOf } from "./quote.service.server";

// The quote result page said "Your quote is ready / Book this clean" after the quote was booked
// or its booking cancelled; it now says what became of the quote.
describe("what became of a quote", () => {
  test("a priced quote not yet booked is open", () => {
    expect(quoteStateOf({ status: "pending", lead_status: "new" })).toBe("open");
    expect(quoteStateOf({ status: "pending", lead_status: "qualified" })).toBe("open");
  });

  test("a booking, paid or not, assigned or done, makes it booked", () => {
    expect(quoteStateOf({ status: "pending_payment", lead_status: "qualified" })).toBe("booked");
    // Paid: the lifecycle takes the quote back to pending with its lead booked.
    expect(quoteStateOf({ status: "pending", lead_status: "booked" })).toBe("booked");
    expect(quoteStateOf({ status: "assigned", lead_status: "booked" })).toBe("booked");
    expect(quoteStateOf({ status: "completed", lead_status: "booked" })).toBe("booked");
  });

  test("a cancelled booking makes it cancelled, paid or not", () => {
    expect(quoteStateOf({ status: "cancelled", lead_status: "lost" })).toBe("cancelled");
    expect(quoteStateOf({ status: "cancelled", lead_status: "booked" })).toBe("cancelled");
  });
});
