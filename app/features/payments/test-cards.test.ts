import { describe, expect, test } from "vitest";
import {
  CARD_MESSAGES,
  checkCard,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
  testTokenFor,
} from "./test-cards";

// The browser's checks of the test card form (docs/decisions/0007-payments-through-a-provider.md): Luhn, MM/YY not past, CVC
// 3-4 digits, and only Stripe's test cards turn into a token.

const NOW = new Date(2026, 10, 25); // 25 November 2026, the visitor's clock

describe("the test card form's checks", () => {
  test("Luhn accepts real test numbers and refuses a changed digit", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("1234")).toBe(false);
  });

  test("an expiry is MM/YY and valid to the end of its month", () => {
    expect(expiryProblem("11/26", NOW)).toBeUndefined();
    expect(expiryProblem("10/26", NOW)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryProblem("13/30", NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(expiryProblem("1/30", NOW)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(expiryProblem("", NOW)).toBe(CARD_MESSAGES.expiryRequired);
  });

  test("every field is required, and each gets its own message", () => {
    expect(checkCard({ number: "", expiry: "", cvc: "" }, NOW)).toEqual({
      number: CARD_MESSAGES.numberRequired,
      expiry: CARD_MESSAGES.expiryRequired,
      cvc: CARD_MESSAGES.cvcRequired,
    });
    expect(checkCard({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "12" }, NOW)).toEqual({
      cvc: CARD_MESSAGES.cvcInvalid,
    });
    expect(checkCard({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "1234" }, NOW)).toEqual(
      {},
    );
  });

  test("only Stripe's test cards become tokens; another valid card is refused in test mode", () => {
    expect(testTokenFor("4242 4242 4242 4242")).toBe("tok_visa");
    expect(testTokenFor("4000-0000-0000-0002")).toBe("tok_chargeDeclined");
    expect(testTokenFor("4111111111111111")).toBeUndefined();
    expect(checkCard({ number: "4111 1111 1111 1111", expiry: "12/30", cvc: "123" }, NOW)).toEqual({
      number: CARD_MESSAGES.numberNotTestCard,
    });
  });

  test("the number and expiry are formatted as they are typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("1")).toBe("1");
  });
});
