import { describe, expect, test } from "vitest";
import { ContactMessageSchema } from "~/features/contact/contact.schema";
import { LeadInfoSchema } from "~/features/quote/quote.schema";
import { SubscriptionRequestSchema } from "~/features/subscription/subscription.schema";
import { emailRule, isAbn, isBsb, isPlainMultiLine, isPostcode, isSingleLine } from "./field-rules";

describe("the shared field rules", () => {
  test("a single-line field refuses CR, LF, other controls and Unicode line separators", () => {
    expect(isSingleLine("Zoë O'Brien-Ng")).toBe(true);
    for (const bad of [
      "Probe\r\nBcc: victim@evil.example",
      "a\nb",
      "a\u0000b",
      "a\u0085b",
      "a\u2028b",
      "a\u007fb",
    ]) {
      expect(isSingleLine(bad)).toBe(false);
    }
  });

  test("a multi-line field keeps its line breaks but not other controls", () => {
    expect(isPlainMultiLine("Line one\r\nLine two\ttabbed")).toBe(true);
    expect(isPlainMultiLine("bell\u0007")).toBe(false);
  });

  test("ABN, BSB and postcode", () => {
    expect(isAbn("51 824 753 556")).toBe(true);
    expect(isAbn("5182475355")).toBe(false);
    expect(isBsb("062-000")).toBe(true);
    expect(isBsb("06200")).toBe(false);
    expect(isPostcode("2088")).toBe(true);
    expect(isPostcode("208")).toBe(false);
  });
});

describe("forms that share them", () => {
  const contact = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "0412 345 678",
    message: "Hello,\nplease call me.",
  };
  const subscription = {
    plan: "basic",
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "0412 345 678",
    suburb: "Mosman",
    startDate: "2099-01-05",
  };

  test("a lead named with a forged email header line is refused with a field message", () => {
    const result = LeadInfoSchema.safeParse({
      name: "Probe\r\nBcc: victim@evil.example",
      email: "probe@example.com",
      phone: "0412 345 678",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["name"]);
  });

  // The contact and subscription forms had their own, looser phone check.
  test.each(["9+1234-5678", "0412 345 678 901 234 567"])(
    "contact and subscription refuse %s as lib/phone does",
    (phone) => {
      expect(ContactMessageSchema.safeParse({ ...contact, phone }).success).toBe(false);
      expect(SubscriptionRequestSchema.safeParse({ ...subscription, phone }).success).toBe(false);
    },
  );

  test("the same forms still take real numbers and multi-line messages", () => {
    expect(ContactMessageSchema.safeParse({ ...contact, phone: "+61 2 9123 4567" }).success).toBe(
      true,
    );
    expect(
      SubscriptionRequestSchema.safeParse({ ...subscription, phone: "(02) 9123 4567" }).success,
    ).toBe(true);
    expect(ContactMessageSchema.safeParse({ ...contact, lastName: "Love\nlace" }).success).toBe(
      false,
    );
  });
});

describe("the email rule", () => {
  const rule = emailRule({ required: "Enter it.", invalid: "Check it.", tooLong: "Too long." });

  test("a blank address gets the form's own required message, and spaces are trimmed", () => {
    expect(rule.safeParse("  ").error?.issues[0]?.message).toBe("Enter it.");
    expect(rule.parse("  ann@example.com ")).toBe("ann@example.com");
  });

  test("a malformed or over-long address gets the form's wording", () => {
    expect(rule.safeParse("ann@").error?.issues[0]?.message).toBe("Check it.");
    expect(rule.safeParse(`${"a".repeat(250)}@example.com`).error?.issues[0]?.message).toBe(
      "Too long.",
    );
  });
});
