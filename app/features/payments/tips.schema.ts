import { z } from "zod";

// The tip form (docs/decisions/0078-tips-go-to-the-crew.md): one of the suggested amounts, or
// another amount in dollars between the limits. Safe in the browser.

export const TIP_CHOICES = ["10", "20", "30", "other"] as const;
export const MIN_TIP_CENTS = 500;
export const MAX_TIP_CENTS = 50_000;

export const TIP_TEXT = {
  title: "Add a tip for your crew",
  intro: "Every cent of a tip goes to the cleaners who did your clean, shared equally.",
  amountLegend: "Tip amount",
  other: "Other amount",
  otherLabel: "Other amount (AUD)",
  choose: "Continue to payment",
  amountRequired: "Choose a tip amount",
  otherRequired: "Enter the tip amount",
  otherInvalid: "Enter an amount in dollars, such as 25 or 25.50",
  otherRange: "A tip is between $5 and $500",
  notCompleted: "A tip can be added once your clean is completed.",
  noCrew: "This clean has no crew on record, so it cannot take a tip online. Please contact us.",
  pay: (amount: string) => `Pay your ${amount} tip`,
  thanks: "Thank you. Your tip is on its way to your crew.",
  tipped: (amount: string) => `You tipped ${amount}. Thank you.`,
  crew: (names: string) => `Your crew: ${names}.`,
  myBookingsLink: "Add a tip",
  unavailable: "Card payments are not available right now. Please try again later.",
  notFound: "This tip is no longer waiting for payment.",
} as const;

const DOLLARS = /^\d{1,4}(\.\d{2})?$/;

export const TipAmountSchema = z
  .object({
    choice: z.enum(TIP_CHOICES, { error: TIP_TEXT.amountRequired }),
    other: z.string().trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.choice !== "other") return;
    const other = value.other ?? "";
    if (other === "") {
      ctx.addIssue({ code: "custom", path: ["other"], message: TIP_TEXT.otherRequired });
    } else if (!DOLLARS.test(other)) {
      ctx.addIssue({ code: "custom", path: ["other"], message: TIP_TEXT.otherInvalid });
    } else {
      const cents = Math.round(Number(other) * 100);
      if (cents < MIN_TIP_CENTS || cents > MAX_TIP_CENTS) {
        ctx.addIssue({ code: "custom", path: ["other"], message: TIP_TEXT.otherRange });
      }
    }
  })
  .transform((value) => ({
    amountCents:
      value.choice === "other" ? Math.round(Number(value.other) * 100) : Number(value.choice) * 100,
  }));
