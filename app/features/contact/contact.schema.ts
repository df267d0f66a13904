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
