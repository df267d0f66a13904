import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  emailRule,
  isPlainMultiLine,
  isSingleLine,
  MULTI_LINE_CONTROL_MESSAGE,
  YOUR_EMAIL_MESSAGES,
  yourPhoneRule,
} from "~/lib/field-rules";

// docs/product/public-site.md#validation-rules: all five fields of the contact form are required. One schema, used by the
// browser for its field messages and again by the server action.

export const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** docs/product/public-site.md#messages, and docs/decisions/0008-webhook-outbox.md (the failure text only when nothing was stored). */
export const CONTACT_TEXT = {
  success: "Message sent successfully! We'll get back to you soon.",
  failed: "Failed to send message. Please try again.",
  sending: "Sending...",
  send: "Send Message",
  checkFields: "Please check the highlighted fields:",
} as const;

/** docs/product/public-site.md#business-constants-and-limits: the success message disappears after 3 seconds. */
export const CONTACT_SUCCESS_MS = 3000;

const required = (message: string, max: number, tooLong: string) =>
  z.string().trim().min(1, message).max(max, tooLong);
const name = (message: string, tooLong: string) =>
  required(message, 100, tooLong).refine(isSingleLine, CONTROL_CHARACTER_MESSAGE);

export const ContactMessageSchema = z.object({
  firstName: name("Please enter your first name.", "Please shorten your first name."),
  lastName: name("Please enter your last name.", "Please shorten your last name."),
  email: emailRule(YOUR_EMAIL_MESSAGES),
  phone: yourPhoneRule(),
  message: required(
    "Please enter your message.",
    5000,
    "Please keep your message under 5,000 characters.",
  ).refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE),
});

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;
