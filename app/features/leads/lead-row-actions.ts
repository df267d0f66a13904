import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  isPlainMultiLine,
  isSingleLine,
  MULTI_LINE_CONTROL_MESSAGE,
} from "~/lib/field-rules";

// The lead actions that write (docs/decisions/0022-row-actions-and-instant-drag.md):
// Invoice, Request review, Message and Complete job, posted to /admin/quotes/{id} with an intent.

export const LEAD_ACTION_INTENTS = ["invoice", "request-review", "message", "complete"] as const;
export type LeadActionIntent = (typeof LEAD_ACTION_INTENTS)[number];

export function isLeadActionIntent(value: unknown): value is LeadActionIntent {
  return typeof value === "string" && (LEAD_ACTION_INTENTS as readonly string[]).includes(value);
}

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;

export const LeadMessageSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Enter a subject")
    .max(MESSAGE_SUBJECT_MAX, `Keep the subject under ${MESSAGE_SUBJECT_MAX} characters`)
    // The subject becomes the email's Subject header: a CR/LF would forge headers.
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
  body: z
    .string()
    .trim()
    .min(1, "Enter a message")
    .max(MESSAGE_BODY_MAX, `Keep the message under ${MESSAGE_BODY_MAX} characters`)
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE),
});

/** The Message form's subject before staff change it. */
export function defaultMessageSubject(reference: string) {
  return `About your cleaning quote ${reference}`;
}

/** What /admin/quotes/{id} answers to a lead action. */
export type LeadActionAnswer = {
  intent: LeadActionIntent;
  ok: boolean;
  message: string;
  /** The invoice's printable page, after Invoice */
  invoiceUrl?: string;
  fieldErrors?: Partial<Record<"subject" | "body", string>>;
};

export const LEAD_ACTION_TEXT = {
  messageSent: "Message emailed to the client",
  completed: "Job completed; the client was asked for a review",
  notAssigned: "Only a job with an accepted cleaner (status assigned) can be completed.",
};
