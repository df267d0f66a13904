import { z } from "zod";
import {
  emailRule,
  isPlainMultiLine,
  MULTI_LINE_CONTROL_MESSAGE,
  YOUR_EMAIL_MESSAGES,
} from "~/lib/field-rules";

// The forms of the cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md), read by the
// browser for its messages and parsed again by the server.

export const CleanerSignInSchema = z.object({
  email: emailRule(YOUR_EMAIL_MESSAGES),
});

export const DECLINE_REASON_MAX = 500;

/** Accept or Decline of one offer; the id is checked against the session, never trusted. */
export const OfferAnswerSchema = z.object({
  assignmentId: z.string().trim().min(1).max(100),
  answer: z.enum(["accept", "decline"]),
  reason: z
    .string()
    .trim()
    .max(DECLINE_REASON_MAX, `Please keep the reason under ${DECLINE_REASON_MAX} characters.`)
    .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE)
    .optional(),
});
export type OfferAnswerInput = z.output<typeof OfferAnswerSchema>;
