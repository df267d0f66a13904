import { z } from "zod";
import { isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE } from "~/lib/field-rules";

// docs/decisions/0056-application-outcomes-and-documents.md: the words of the courteous
// email a declined applicant receives, kept under a key of their own and edited by owners in
// Settings. The greeting ("Thank you, {first name}") and the subject are added around them, so
// the text itself needs no placeholders. Client-safe: the settings form and the server share it.

export const DECLINE_EMAIL_SETTING = "application_decline_email";
export const DECLINE_EMAIL_INTENT = "decline-email";
export const DECLINE_EMAIL_SAVED = "Decline email saved.";

/** The text while no owner has written their own; paragraphs are separated by a blank line. */
export const DEFAULT_DECLINE_EMAIL_TEXT = [
  "Thank you for your interest in joining our team, and for the time you took to apply.",
  "After careful consideration, we are not able to offer you a place on the team at the moment.",
  "We wish you every success, and you are welcome to apply again in the future.",
].join("\n\n");

const MAX_LENGTH = 2000;

const TextRule = z
  .string("Write the message a declined applicant receives")
  .trim()
  .min(1, "Write the message a declined applicant receives")
  .max(MAX_LENGTH, `Keep the message under ${MAX_LENGTH} characters`)
  .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE);

export const DeclineEmailFormSchema = z.object({ declineEmailText: TextRule });

/** The stored value: the message as saved. */
export const StoredDeclineEmailSchema = TextRule;

/** The message's paragraphs, as the email lays them out. */
export function declineEmailParagraphs(text: string) {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
