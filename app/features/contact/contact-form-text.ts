// The contact form's fields and words, apart from its schema (contact.schema.ts) so the page can
// show the form without loading zod (docs/decisions/0090-form-checks-on-demand.md).

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
