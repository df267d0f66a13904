import { describe, expect, test } from "vitest";
import { ContactMessageSchema } from "~/features/contact/contact.schema";
import { LeadMessageSchema } from "~/features/leads/lead-row-actions";
import { LeadInfoSchema } from "~/features/quote/quote.schema";
import { ReviewFormSchema } from "~/features/review-requests/review-request";
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

describe("one-line fields that became headers or headings", () => {
  // Both were stored and shown as typed: the name on the home page, the subject as a mail header.
  const forged = "Vic\r\nX-Injected: yes\u2028Z";

  test("a review's display name with a line break is refused beside the name", () => {
    const result = ReviewFormSchema.safeParse({
      rating: "5",
      comment: "Lovely",
      displayName: forged,
    });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["displayName"]]);
    expect(result.error?.issues[0]?.message).toBe(
      "Please use plain text on one line, without special characters.",
    );
  });

  test("a staff message's subject with a line break is refused beside the subject", () => {
    const result = LeadMessageSchema.safeParse({ subject: forged, body: "Hello,\nsee you soon." });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["subject"]]);
  });

  test("plain names, subjects and multi-line texts still pass", () => {
    expect(
      ReviewFormSchema.safeParse({ rating: "4", comment: "Great.\nThanks!", displayName: "Vic M." })
        .success,
    ).toBe(true);
    expect(
      LeadMessageSchema.safeParse({ subject: "About Friday", body: "Hi,\nsee you." }).success,
    ).toBe(true);
  });
});
