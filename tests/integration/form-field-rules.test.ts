import { describe, expect, test } from "vitest";
import { ContactMessageSchema } from "~/features/contact/contact.schema";
import { LeadInfoSchema } from "~/features/quote/quote.schema";
import { SubscriptionRequestSchema } from "~/features/subscription/subscription.schema";

// The forms of several features share lib/field-rules; this checks them together, outside lib/
// (which imports no feature).
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
