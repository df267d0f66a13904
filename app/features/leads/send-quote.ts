import { z } from "zod";

// Send quote (docs/product/bookings.md, "Staff side"): staff price a post-construction or subscription request
// (status pending_quote) with its hours, optionally a total of their own, and a message. Client-
// safe: the form in the details and the route's action read the same rules.

export const SEND_QUOTE_MESSAGE_MAX = 1000;

export const SEND_QUOTE_TEXT = {
  sent: "Quote sent. The client has a link to book.",
  notPending: "This lead is no longer waiting for a quote.",
  hours: "Enter the hours, from 1 to 40 in steps of half an hour.",
  total: "Enter a total in dollars, such as 450 or 450.50, or leave it empty.",
  message: "Write a short message to the client.",
  messageLong: `The message can be at most ${SEND_QUOTE_MESSAGE_MAX.toLocaleString("en-AU")} characters.`,
};

/** "450", "450.5" or "$1,450.50" -> cents; null for empty; NaN for anything else. */
function dollarsToCents(value: string) {
  const cleaned = value.replace(/[$,\s]/g, "");
  if (cleaned === "") return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

export const SendQuoteSchema = z.object({
  intent: z.literal("send-quote"),
  hours: z
    .string(SEND_QUOTE_TEXT.hours)
    .trim()
    .transform(Number)
    .refine((h) => Number.isFinite(h) && h >= 1 && h <= 40 && Number.isInteger(h * 2), {
      message: SEND_QUOTE_TEXT.hours,
    }),
  total: z
    .string()
    .optional()
    .transform((value) => dollarsToCents(value ?? ""))
    .refine((cents) => cents === null || (Number.isFinite(cents) && cents > 0), {
      message: SEND_QUOTE_TEXT.total,
    }),
  message: z
    .string(SEND_QUOTE_TEXT.message)
    .trim()
    .min(1, SEND_QUOTE_TEXT.message)
    .max(SEND_QUOTE_MESSAGE_MAX, SEND_QUOTE_TEXT.messageLong),
});

export type SendQuoteResult =
  | { intent: "send-quote"; ok: true; message: string }
  | {
      intent: "send-quote";
      ok: false;
      message?: string;
      fieldErrors?: Partial<Record<"hours" | "total" | "message", string>>;
    };
