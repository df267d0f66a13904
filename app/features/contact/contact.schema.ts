import { z } from "zod";

// spec public-site 5: all five fields of the contact form are required. One schema, used by the
// browser for its field messages and again by the server action.

export const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** spec public-site 8, contact row, and D8 (the failure text only when nothing was stored). */
export const CONTACT_TEXT = {
  success: "Message sent successfully! We'll get back to you soon.",
  failed: "Failed to send message. Please try again.",
  sending: "Sending...",
  send: "Send Message",
  checkFields: "Please check the highlighted fields:",
} as const;

/** spec public-site 9: the success message disappears after 3 seconds. */
export const CONTACT_SUCCESS_MS = 3000;

const required = (message: string, max: number, tooLong: string) =>
  z.string().trim().min(1, message).max(max, tooLong);

export const ContactMessageSchema = z.object({
  firstName: required("Please enter your first name.", 100, "Please shorten your first name."),
  lastName: required("Please enter your last name.", 100, "Please shorten your last name."),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "Please check your email address.")
    .pipe(z.email("Please enter a valid email address, like name@example.com.")),
  phone: z
    .string()
    .trim()
    .min(1, "Please enter your phone number.")
    .max(30, "Please check your phone number.")
    .refine(
      (value) => /^[\d\s()+-]+$/.test(value) && value.replace(/\D/g, "").length >= 8,
      "Please enter a phone number we can call, like 0412 345 678.",
    ),
  message: required(
    "Please enter your message.",
    5000,
    "Please keep your message under 5,000 characters.",
  ),
});

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;
